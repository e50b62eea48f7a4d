import { z } from 'zod';
import { sessionUserSchema } from './auth';
import { oneLine } from './one-line';
import { SECOND_FACTOR_KINDS } from './second-factor-rules';

/**
 * Second factors (docs/decisions/0070): an authenticator app's codes (TOTP, RFC 6238) and passkeys
 * (WebAuthn), with ten single-use recovery codes: the schemas, and the plain rules again
 * (contract/second-factor-rules.ts).
 */
export * from './second-factor-rules';

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
