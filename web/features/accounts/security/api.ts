import type { AuthReply } from '@contract/auth';
import type { SecondFactorStatus, SessionList } from '@contract/second-factor';
import { apiGet, apiRequest } from '@/lib/api';

const send = <T>(path: string, method: string, body?: unknown) =>
  apiRequest<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }).then((r) => r.data);

export const secondFactorQuery = {
  queryKey: ['account', 'second-factor'],
  queryFn: () => apiGet<SecondFactorStatus>('/account/second-factor'),
} as const;
export const sessionsQuery = {
  queryKey: ['account', 'sessions'],
  queryFn: () => apiGet<SessionList>('/account/sessions'),
} as const;

export const startAuthenticator = () =>
  send<{ secret: string; otpauthUri: string }>('/account/second-factor/totp', 'POST');
export const confirmAuthenticator = (code: string) =>
  send<{ recoveryCodes: string[] }>('/account/second-factor/totp/confirm', 'POST', { code });
export const removeAuthenticator = () => send<{ message: string }>('/account/second-factor/totp', 'DELETE');
export const newRecoveryCodes = () =>
  send<{ recoveryCodes: string[] }>('/account/second-factor/recovery-codes', 'POST');

export const passkeyCreationOptions = () =>
  send<{ options: Record<string, unknown> }>('/account/passkeys/options', 'POST');
export const addPasskey = (name: string, response: unknown) =>
  send<{ passkey: { id: number; name: string }; recoveryCodes: string[] }>('/account/passkeys', 'POST', {
    name,
    response,
  });
export const removePasskey = (id: number) => send<{ message: string }>(`/account/passkeys/${id}`, 'DELETE');

export const signOutSession = (id: number) => send<{ message: string }>(`/account/sessions/${id}`, 'DELETE');
export const signOutOtherSessions = () => send<{ message: string }>('/account/sessions', 'DELETE');

/** The second step of a sign-in (docs/decisions/0070). */
export const answerSecondFactor = (
  body: { challenge: string; code: string } | { challenge: string; recoveryCode: string },
) => send<AuthReply>('/auth/second-factor', 'POST', body);
export const secondFactorPasskeyOptions = (challenge: string) =>
  send<{ options: Record<string, unknown> }>('/auth/second-factor/passkey/options', 'POST', { challenge });
export const answerWithPasskey = (challenge: string, response: unknown) =>
  send<AuthReply>('/auth/second-factor/passkey', 'POST', { challenge, response });
export const passkeySignInOptions = () => send<{ options: Record<string, unknown> }>('/auth/passkey/options', 'POST');
export const signInWithPasskey = (response: unknown) => send<AuthReply>('/auth/passkey', 'POST', { response });

/** The check asked for again before acts that move money or power (docs/decisions/0071). */
export const stepUp = (body: { code: string } | { recoveryCode: string }) =>
  send<{ message: string }>('/auth/step-up', 'POST', body);
export const stepUpPasskeyOptions = () =>
  send<{ options: Record<string, unknown> }>('/auth/step-up/passkey/options', 'POST');
export const stepUpWithPasskey = (response: unknown) =>
  send<{ message: string }>('/auth/step-up/passkey', 'POST', { response });
