/**
 * Each campaign status in words, one table for every page that names it (the admin's badges and the
 * public ledger), so a status is never called two things.
 */
const WORDS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  purchased: 'Purchased',
  ready_for_pickup: 'Ready for Pickup',
  delivered: 'Delivered',
  partially_fulfilled: 'Partially Funded',
  paused: 'Paused',
  fulfilled: 'Fully Funded',
  closed: 'Closed',
};

/** A status's words; one not in the table is spelt out rather than hidden. */
export const campaignStatusWord = (status: string): string => WORDS[status] ?? status.replace(/_/g, ' ');
