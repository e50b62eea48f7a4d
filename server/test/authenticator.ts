import { Secret, TOTP } from 'otpauth';
import type { App } from '../app';

/**
 * An authenticator app for tests: the code for a secret, never one already used on that server. The
 * server accepts a code once and one 30-second step either side of now, so signing in twice within a
 * step takes the next step's code, and a third waits for the clock. What a server has used lives in
 * its database, so the steps used are kept per server (the app under test): a test file's fresh
 * database has used none, and waits for no other file's codes.
 */
const lastStep = new WeakMap<App, Map<string, number>>();

export function codeAt(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: step * 30_000,
  });
}

/**
 * The next unused code for `secret` on `server`, the app under test. The server counts used codes
 * per account: `account` names it where one secret serves several (the demo admins share theirs),
 * so each has its own codes.
 */
export async function nextCode(secret: string, server: App, account = secret): Promise<string> {
  const used = lastStep.get(server) ?? new Map<string, number>();
  lastStep.set(server, used);
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (used.get(account) ?? -1) + 1);
    if (step <= now + 1) {
      used.set(account, step);
      return codeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}
