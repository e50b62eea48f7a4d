import type { AdminRecipientCampaign } from '@contract/admin';

/** 'processing_pickup' as 'Processing pickup'. */
export const deliveryWords = (status: string | null) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : 'Not yet';

export const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
export const recipientName = (c: AdminRecipientCampaign) => `${c.recipient.first_name} ${c.recipient.last_name}`.trim();
