import type { RECIPIENT_CAMPAIGN_STATUSES } from './campaign-fields';

// No zod here: the status page and the voice line (docs/decisions/0067) both read these words.

/** Product notes 4: a recipient's request status in words, with what it means for them. */
export const RECIPIENT_STATUS_WORDS: Record<
  (typeof RECIPIENT_CAMPAIGN_STATUSES)[number],
  { word: string; meaning: string }
> = {
  pending: {
    word: 'Pending',
    meaning: 'Your request is under review. Our team will reply within a few business days.',
  },
  approved: {
    word: 'Approved',
    meaning: 'Your campaign is live for donors. Share its page with people who may want to help.',
  },
  rejected: {
    word: 'Rejected',
    meaning: 'Your request was not approved. You may request a device again.',
  },
  purchased: {
    word: 'Funded',
    meaning: 'A donor has funded your device. We will contact you to arrange collection at our centre in Lagos.',
  },
  ready_for_pickup: {
    word: 'Ready for Pickup',
    meaning:
      'Your device is ready for you to collect in person at our centre in Lagos. Please bring the original of the ID you sent with your request.',
  },
  delivered: {
    word: 'Delivered',
    meaning: 'Your device has been delivered. We hope it serves you well.',
  },
};

/** The delivery of a recipient's device, in the status page's words. */
export const DELIVERY_WORDS: Record<string, string> = {
  processing_pickup: 'Being prepared for collection',
  ready_for_pickup: 'Ready for you to collect',
  delivered: 'Delivered',
};
