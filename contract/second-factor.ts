import { z } from 'zod';
import { sessionUserSchema } from './auth';
import { oneLine } from './one-line';
import { appRole } from './roles';

/**
 * Second factors (docs/decisions/0070): an authenticator app's codes (TOTP, RFC 6238) and passkeys
 * (WebAuthn), with ten single-use recovery codes. Plain values and schemas any page may import.
 */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** What a passkey challenge is for: adding one, signing in with one alone, or a second-factor check. */
export const PASSKEY_CHALLENGE_PURPOSES = ['register', 'sign_in', 'second_factor', 'step_up'] as const;

export const RECOVERY_CODE_COUNT = 10;
/** A second-factor check on a session counts for the acts that move money or power this long (docs/decisions/0071). */
export const STEP_UP_MINUTES = 5;
/** A sign-in waiting for its second factor: this long, and this many wrong codes. */
export const SIGN_IN_CHALLENGE_MINUTES = 10;
export const SIGN_IN_CHALLENGE_TRIES = 5;

export const SECOND_FACTOR_REQUIRED =
  'Set up a second factor (an authenticator app or a passkey) before doing anything else.';
export const STEP_UP_REQUIRED = 'Confirm it is you with your second factor to do this.';

/** Whether a role must keep a second factor: every admin's does (docs/decisions/0070). */
export const requiresSecondFactor = (role: string): boolean => appRole(role) === 'admin';

/** Whether a session must set up a second factor before anything else. */
export const mustSetUpSecondFactor = (user: { role: string; hasSecondFactor: boolean }): boolean =>
  !user.hasSecondFactor && requiresSecondFactor(user.role);

/** Where a person who must set up a second factor does so before anything else. */
export const SECOND_FACTOR_SETUP_PATH = '/second-factor/setup';

const sixDigits = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'));

const recoveryCode = z
  .string({ error: 'Enter one of your recovery codes.' })
  .trim()
  .max(40, 'Enter one of your recovery codes.')
  .transform((v) => v.toLowerCase().replace(/[^a-z0-9]/g, ''))
  .pipe(z.string().length(12, 'A recovery code has 12 letters and digits.'));

export const totpStartReplySchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const totpConfirmSchema = z.object({ code: sixDigits });
export const recoveryCodesReplySchema = z.object({ recoveryCodes: z.array(z.string()) });

/** A passkey's WebAuthn answer, checked by the library; only its outline is checked here. */
const webauthnResponse = z.looseObject({
  id: z.string().max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
});

export const passkeyNameSchema = oneLine(
  z
    .string({ error: 'Give the passkey a name.' })
    .trim()
    .min(1, 'Give the passkey a name.')
    .max(60, 'A passkey name has at most 60 characters.'),
);

export const passkeyRegisterSchema = z.object({ name: passkeyNameSchema, response: webauthnResponse });
export const passkeyOptionsReplySchema = z.object({ options: z.record(z.string(), z.unknown()) });
export const passkeySignInSchema = z.object({ response: webauthnResponse });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

export const signInChallengeReplySchema = z.object({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  /** Which factors the person has, so the page offers the right ones. */
  methods: z.array(z.enum(SECOND_FACTOR_KINDS)),
});
export type SignInChallengeReply = z.infer<typeof signInChallengeReplySchema>;

/** A sign-in answers a session, or, for a person with a second factor, a challenge to answer first. */
export const signInReplySchema = z.union([
  z.object({ token: z.string(), user: sessionUserSchema }),
  signInChallengeReplySchema,
]);

const challengeToken = z.string().min(20).max(200);
export const secondFactorSchema = z.union([
  z.object({ challenge: challengeToken, code: sixDigits }).strict(),
  z.object({ challenge: challengeToken, recoveryCode }).strict(),
]);
export const secondFactorPasskeyOptionsSchema = z.object({ challenge: challengeToken });
export const secondFactorPasskeySchema = z.object({ challenge: challengeToken, response: webauthnResponse });

export const stepUpSchema = z.union([z.object({ code: sixDigits }).strict(), z.object({ recoveryCode }).strict()]);

export const secondFactorStatusSchema = z.object({
  totp: z.object({ createdAt: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  passkeys: z.array(
    z.object({ id: z.number().int(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
  recoveryCodesLeft: z.number().int(),
  /** Whether this person must keep one (every admin). */
  required: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

export const sessionListSchema = z.array(
  z.object({
    id: z.number().int(),
    current: z.boolean(),
    createdAt: z.string(),
    lastSeenAt: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The browser and system in words, from the user agent. */
    browser: z.string(),
    /** The network the session was opened from: an IPv4 address's first three parts, an IPv6 address's first four groups. */
    networkPrefix: z.string().nullable(),
  }),
);
export type SessionList = z.infer<typeof sessionListSchema>;

/** Where every signed-in person finds their password, second factors and sessions. */
export const SECURITY_PATH = '/account/security';

/** A row's id in a path: a whole number the database's integer holds, or a sentence. */
const rowIdParams = (what: string) =>
  z.object({
    id: z.coerce
      .number({ error: `Not a ${what}.` })
      .int(`Not a ${what}.`)
      .positive(`Not a ${what}.`)
      .max(2_147_483_647, `Not a ${what}.`),
  });
export const passkeyIdParamsSchema = rowIdParams('passkey');
export const sessionIdParamsSchema = rowIdParams('session');
