import type { Rule } from '../../http/rate-limit';

/** Enough invitations for a real team; a script mailing or texting strangers stops here. */
export const INVITES_PER_ORGANIZATION: Rule = {
  name: 'team-invite',
  max: 30,
  windowSeconds: 24 * 3600,
  message: 'Too many invitations today. Please try again tomorrow.',
};
/** Invitation links are long random tokens; guessing one stops here. */
export const INVITE_LOOKUPS: Rule = {
  name: 'team-invite-lookup',
  max: 30,
  windowSeconds: 600,
  message: 'Too many tries. Please wait a few minutes and open the link again.',
};
