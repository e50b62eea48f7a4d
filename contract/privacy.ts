import { z } from 'zod';
import { emailSchema } from './auth';

/** How long a mailed privacy link works (docs/decisions/0054). */
export const PRIVACY_LINK_HOURS = 24;

/** Put where a gift's donor name was, once the donor asked for it to be erased; receipts print no name. */
export const ERASED_DONOR_NAME = 'Erased donor';

/** The same answer whether or not the address gave, so the form tells nobody who has. */
export const PRIVACY_REQUEST_REPLY = `If this address gave as a guest, we have sent a link to it. The link works for ${PRIVACY_LINK_HOURS} hours.`;

export const PRIVACY_LINK_INVALID =
  'This link is not valid, has expired or was already used. Ask again and open the newest link we send.';

export const erasureSentMessage = (email: string) =>
  `We sent a link to ${email}. Open it within ${PRIVACY_LINK_HOURS} hours to erase your account.`;
/** For an account with no email, the link goes by SMS (docs/decisions/0066). */
export const erasureTextedMessage = (phoneNumber: string) =>
  `We sent a link by SMS to ${phoneNumber}. Open it within ${PRIVACY_LINK_HOURS} hours to erase your account.`;
export const ACCOUNT_ERASED = 'Your account has been erased and you have been signed out.';
/** An owner closing their organization (docs/decisions/0075): its own account is erased and its team signed out. */
export const closureSentMessage = (to: string) =>
  `We sent a link to ${to}. Open it within ${PRIVACY_LINK_HOURS} hours to close the organization.`;
export const ORGANIZATION_CLOSED =
  'The organization has been closed: its account is erased and everyone on its team is signed out.';
export const GUEST_GIFTS_ERASED =
  'Your name and email address have been removed from the gifts you gave as a guest. The amounts stay on record.';

export const privacyRequestKinds = ['export', 'erase'] as const;
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number];

export const privacyRequestSchema = z.object({
  email: emailSchema,
  kind: z.enum(privacyRequestKinds, { error: 'Choose whether to download or erase your data.' }),
  turnstileToken: z.string().max(4096).optional(),
});

// Links carry 43 URL-safe characters; anything else cannot be one of ours.
export const privacyTokenSchema = z.object({
  token: z
    .string({ error: PRIVACY_LINK_INVALID })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, PRIVACY_LINK_INVALID),
});

const row = z.record(z.string(), z.unknown());

/** A file the person uploaded, with a link that downloads it for a few minutes. */
export const exportedFileSchema = z.object({
  what: z.string(),
  file_name: z.string(),
  download_url: z.string().nullable(),
  link_expires_at: z.string(),
});

/** Everything the platform holds about a signed-in person (GET /api/account/export). */
export const accountExportSchema = z.object({
  about: z.string(),
  exported_at: z.string(),
  account: row,
  profiles: z.object({
    recipient: row.nullable(),
    organization: row.nullable(),
    caseworker: row.nullable(),
    team: row.nullable(),
  }),
  onboarding_answers: z.array(row),
  consent_records: z.array(row),
  campaigns: z.array(row),
  campaign_updates: z.array(row),
  collection_bookings: z.array(row),
  gifts: z.array(row),
  words_of_support: z.array(row),
  update_mail_stopped: z.array(row),
  notices: z.array(row),
  messages_sent: z.string(),
  sessions: z.array(row),
  files: z.array(exportedFileSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The guest gifts given with one address (the guest export link). */
export const guestExportSchema = z.object({
  about: z.string(),
  exported_at: z.string(),
  email: z.string(),
  gifts: z.array(row),
});
export type GuestExport = z.infer<typeof guestExportSchema>;
