import { createRemoteJWKSet, jwtVerify } from 'jose';

export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

/** Checks a Google ID token: signature against Google's published keys, issuer, audience, expiry. */
export interface GoogleVerifier {
  readonly clientId: string | null;
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

export const googleOff: GoogleVerifier = { clientId: null, verify: async () => null };

export function createGoogleVerifier(clientId: string, keysUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(keysUrl), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
  return {
    clientId,
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          issuer: ['https://accounts.google.com', 'accounts.google.com'],
          audience: clientId,
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return {
          subject: payload.sub,
          email: payload.email.toLowerCase(),
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
          familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
        };
      } catch {
        return null;
      }
    },
  };
}
