import { appRole } from './roles';

/**
 * The plain rules of second factors (docs/decisions/0070), with no schema library: the app's shell
 * asks them of every session (guards, the account menu), and loading zod with it would put the schema
 * library in every page the app draws (decision 0050). The schemas are in contract/second-factor.ts.
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

/** Where every signed-in person finds their password, second factors and sessions. */
export const SECURITY_PATH = '/account/security';
