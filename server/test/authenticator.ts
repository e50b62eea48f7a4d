import { Secret, TOTP } from 'otpauth';

/**
 * An authenticator app for tests: the code for a secret, never one already used. The server accepts
 * a code once and one 30-second step either side of now, so signing in twice within a step takes the
 * next step's code, and a third waits for the clock.
 */
const lastStep = new Map<string, number>();

export function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * 30_000,
  });
}

export async function nextCode(secret: string): Promise<string> {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (lastStep.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return codeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}
