import argon2 from 'argon2';

type HashCost = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * Passwords and voice PINs are kept as argon2id hashes at the library's own cost: 64 MiB, three
 * passes, four lanes, above OWASP's minimum (19 MiB, two passes). A hash carries the cost it was made
 * with, so checking a secret needs none, and a hash made at another cost still checks.
 */
const STORED_COST: HashCost = { memoryCost: 65_536, timeCost: 3, parallelism: 4 };
let cost = STORED_COST;

export const hashSecret = (secret: string): Promise<string> => argon2.hash(secret, { type: argon2.argon2id, ...cost });

/** Whether `secret` is the one `hash` was made from; false too for a hash that is not argon2's. */
export const secretMatches = (hash: string, secret: string): Promise<boolean> =>
  argon2.verify(hash, secret).catch(() => false);

/**
 * The smallest cost argon2 takes, for the test runs only: they sign in thousands of times, and at the
 * stored cost each check took over half a second of a busy two-core machine's CPU. What the tests
 * prove (which secret matches, what is stored) is the same at any cost. Refused outside Vitest.
 */
export function useLeastHashCostInTests(): void {
  if (!process.env.VITEST) throw new Error('Only the tests may lower the cost of hashing secrets.');
  cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
}
