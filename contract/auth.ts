import { z } from 'zod';
import { ORGANIZATION_ROLES } from './organization-roles';
import { oneLine } from './one-line';
import { SELF_SERVICE_ROLES, PASSWORD_MIN } from './roles';
import { EMAIL_MAX, EMAIL_PATTERN, EMAIL_WORDS, SIGN_IN_PASSWORD_MAX, SIGN_IN_PASSWORD_WORDS } from './sign-in-rules';

/** The signed-in user (product notes 3: session user). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null for an account known only by its phone number (docs/decisions/0066). */
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  isOnboardingComplete: z.boolean(),
  organizationName: z.string().nullable(),
  /** The person's role on their organization's team (docs/decisions/0075), or null outside one. */
  organizationRole: z.enum(ORGANIZATION_ROLES).nullable(),
  canCreateCampaign: z.boolean(),
  /** An account an admin made with a temporary password: its owner sets their own before anything else. */
  mustChangePassword: z.boolean(),
  /**
   * False for an account that signs in only with Google or only with an SMS code; a phone-only
   * account may then set its first password without a current one (docs/decisions/0066).
   */
  hasPassword: z.boolean(),
  /** An authenticator app or a passkey (docs/decisions/0070); every admin must have one. */
  hasSecondFactor: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authReplySchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthReply = z.infer<typeof authReplySchema>;
export const messageReplySchema = z.object({ message: z.string() });

/** An email address; `missing` is said when it is left out ("Enter your email address." by default). */
export const emailSchemaFor = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .min(1, missing)
    .max(EMAIL_MAX, EMAIL_WORDS.tooLong)
    .email({ pattern: EMAIL_PATTERN, error: EMAIL_WORDS.format });
const email = emailSchemaFor(EMAIL_WORDS.missing);
export const emailSchema = email;

/** The password rule of sign-up, also used for a temporary password an admin sets. */
export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(200, 'Password must be at most 200 characters.')
  .refine((v) => v.trim().length > 0, 'Your password cannot be only spaces.');

const password = passwordSchema;

const name = (what: string) =>
  oneLine(
    z
      .string({ error: `Enter your ${what}.` })
      .trim()
      .min(1, `Enter your ${what}.`)
      .max(80, `Your ${what} is too long.`),
  );

/** Nigerian numbers: +234 then 7 to 11 digits (a leading 0 after the prefix is dropped). */
export function normalizePhone(raw: string): string | null {
  const digits = raw.replace(/[\s()-]/g, '');
  const local = digits.startsWith('+234') ? digits.slice(4) : digits.startsWith('234') ? digits.slice(3) : digits;
  const trimmed = local.startsWith('0') ? local.slice(1) : local;
  return /^[0-9]{7,11}$/.test(trimmed) ? `+234${trimmed}` : null;
}

/** A Nigerian phone number, kept as +234...; `missing` is said when it is left out. */
export const phoneSchemaFor = (missing: string) =>
  z.string({ error: missing }).transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Enter a Nigerian phone number, for example 803 123 4567.' });
      return z.NEVER;
    }
    return phone;
  });
export const phoneSchema = phoneSchemaFor('Enter your phone number.');

export const registerSchema = z
  .object({
    firstName: name('first name'),
    lastName: name('last name'),
    email,
    phoneNumber: phoneSchema,
    password,
    role: z.enum(SELF_SERVICE_ROLES, { error: 'Please select a role (Recipient, Organization, or Donor).' }),
    turnstileToken: z.string().max(4096).optional(),
    organizationName: oneLine(z.string().trim().max(120, 'Organization name is too long.')).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'organization' && !v.organizationName) {
      ctx.addIssue({ code: 'custom', path: ['organizationName'], message: 'Organization name is required.' });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

const signInPassword = z
  .string({ error: SIGN_IN_PASSWORD_WORDS.missing })
  .min(1, SIGN_IN_PASSWORD_WORDS.missing)
  .max(SIGN_IN_PASSWORD_MAX, SIGN_IN_PASSWORD_WORDS.tooLong);

export const loginSchema = z.object({
  email,
  password: signInPassword,
  turnstileToken: z.string().max(4096).optional(),
});

export const verifyEmailSchema = z.object({
  email,
  token: z
    .string({ error: 'Enter the 6-digit code.' })
    .trim()
    .regex(/^[0-9]{6}$/, 'Enter the 6-digit code from the email.'),
  /**
   * The password the person chose at sign-up. Verifying proves control of the inbox, so any
   * password the mailbox owner did not set is discarded: this one is kept (or set) instead.
   */
  password: password.optional(),
});

/** Sign-in or sign-up by a code sent by SMS (docs/decisions/0066): first the number. */
export const phoneCodeRequestSchema = z.object({ phoneNumber: phoneSchema });

export const CODE_WORDS = 'Enter the 6-digit code from the text message.';

/**
 * Then the number and its code; a name and the recipient role with them create an account when the
 * number has none (recipients only: donors and organizations sign up with an email).
 */
export const phoneVerifySchema = z
  .object({
    phoneNumber: phoneSchema,
    code: z
      .string({ error: CODE_WORDS })
      .trim()
      .regex(/^[0-9]{6}$/, CODE_WORDS),
    firstName: name('first name').optional(),
    lastName: name('last name').optional(),
    role: z.literal('recipient', { error: 'Only a recipient can sign up with a phone number.' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.firstName === undefined && v.lastName === undefined && v.role === undefined) return;
    if (v.firstName === undefined)
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'Enter your first name.' });
    if (v.lastName === undefined)
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'Enter your last name.' });
    if (v.role === undefined)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Only a recipient can sign up with a phone number.' });
  });
export type PhoneVerifyInput = z.output<typeof phoneVerifySchema>;

/** Or the number and the password a phone-only account set in its settings (docs/decisions/0066). */
export const phoneLoginSchema = z.object({
  phoneNumber: phoneSchema,
  password: signInPassword,
  turnstileToken: z.string().max(4096).optional(),
});
export type PhoneLoginInput = z.output<typeof phoneLoginSchema>;

export const emailOnlySchema = z.object({ email });
export const userExistsQuerySchema = z.object({ email });
export const userExistsReplySchema = z.object({ exists: z.boolean(), isVerified: z.boolean() });

export const googleSchema = z.object({
  token: z.string({ error: 'Google sign in failed.' }).min(10, 'Google sign in failed.').max(8192),
  role: z.string().optional(),
});

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'This reset link is not valid.' }).min(20, 'This reset link is not valid.').max(200),
  newPassword: password,
});

export const SAME_PASSWORD = 'Choose a new password that is different from your current one.';

export const CURRENT_PASSWORD_WORDS = 'Enter your current password.';

/**
 * Settings, Security: the current password proves it is the owner, not someone at an open screen.
 * Left out only by a phone-only account setting its first password (docs/decisions/0066); the
 * server refuses the omission for an account that has one.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_WORDS })
      .min(1, CURRENT_PASSWORD_WORDS)
      .max(200, 'Password must be at most 200 characters.')
      .optional(),
    newPassword: password,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { path: ['newPassword'], message: SAME_PASSWORD });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  link_to: z.string().nullable(),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Public settings the web app needs before sign-in. */
export const authConfigSchema = z.object({
  turnstileSiteKey: z.string().nullable(),
  googleClientId: z.string().nullable(),
  /** 'test' while the embedded sandbox stands in for the payment provider: no money is charged. */
  paymentMode: z.enum(['test', 'live']),
  /** How the payment fee a donor may cover is worked out (contract/payment-fee.ts); null when it is not offered. */
  paymentFee: z
    .object({
      percentBp: z.number().int(),
      flatKobo: z.number().int(),
      flatFromKobo: z.number().int(),
      capKobo: z.number().int().nullable(),
    })
    .nullable(),
  /**
   * How long gifts stay held once a bank transfer or USSD payment is under way
   * (PAY_LATER_HOLD_MINUTES); null when no way of paying offered confirms later.
   */
  payLaterHoldMinutes: z.number().int().nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
