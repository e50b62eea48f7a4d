import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { PhoneVerifyInput } from '@contract/auth';
import type { Db } from '../../db/client';
import { phoneSignInCodes, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { SmsSender } from '../../providers/sms/sms';
import { PHONE_CODE_MINUTES, signInCodeSms } from './phone-code-sms';
import { phoneOnlyAccount, roleIdByName } from './queries';
import type { FinishSignIn, SignInReply } from './second-factor/finish-sign-in';
import { randomCode, randomToken, sha256 } from './tokens';
import { MAX_CODE_ATTEMPTS } from './verify-email';

export type SignInCodeJob = { codeId: number };

/** The same words for every number, so the reply says nothing about who has an account. */
export const PHONE_CODE_REPLY = `If this number can receive SMS, a 6-digit code is on its way. It expires in ${PHONE_CODE_MINUTES} minutes.`;
export const NO_CODE_WAITING = 'There is no code waiting for this number. Ask for a new code.';
const TOO_MANY_TRIES = 'Too many wrong tries. Ask for a new code.';
export const NEEDS_NAME =
  'There is no account with this phone number yet. To create one, enter your first and last name with the code.';

const expiry = sql`now() + make_interval(mins => ${PHONE_CODE_MINUTES})`;
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Codes are short, so their hash is bound to the number: the same code for two numbers hashes differently. */
const signInCodeHash = (phoneNumber: string, code: string) => sha256(`phone:${phoneNumber}:${code}`);

/**
 * Drops any code still waiting for the number and, in the same transaction, queues the SMS that
 * will carry a new one. Done alike whether or not the number has an account: a person signing up
 * proves their number the same way. The caller wakes JOB.phoneSignInCode after this returns.
 */
export async function requestSignInCode(deps: { db: Db; jobs: JobQueue }, phoneNumber: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .update(phoneSignInCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(phoneSignInCodes.phoneNumber, phoneNumber), isNull(phoneSignInCodes.consumedAt)));
    // No code yet: the hash of a random token matches nothing until the job makes the real one.
    const [row] = await tx
      .insert(phoneSignInCodes)
      .values({ phoneNumber, codeHash: sha256(randomToken()), expiresAt: expiry })
      .returning({ id: phoneSignInCodes.id });
    await deps.jobs.enqueue(tx as unknown as Db, JOB.phoneSignInCode, { codeId: row!.id } satisfies SignInCodeJob);
  });
}

/**
 * The job: makes a fresh 6-digit code for a request still waiting, stores only its hash and sends
 * it by SMS. A retry after a failed send makes a new code, so the one that arrives is the one that works.
 */
export async function sendSignInCode(deps: { db: Db; sms: SmsSender }, job: SignInCodeJob): Promise<void> {
  const [waiting] = await deps.db
    .select({ phoneNumber: phoneSignInCodes.phoneNumber })
    .from(phoneSignInCodes)
    .where(and(eq(phoneSignInCodes.id, job.codeId), isNull(phoneSignInCodes.consumedAt)));
  if (!waiting) return;
  const code = randomCode();
  const [sent] = await deps.db
    .update(phoneSignInCodes)
    .set({ codeHash: signInCodeHash(waiting.phoneNumber, code), expiresAt: expiry })
    .where(and(eq(phoneSignInCodes.id, job.codeId), isNull(phoneSignInCodes.consumedAt)))
    .returning({ phoneNumber: phoneSignInCodes.phoneNumber });
  if (!sent) return;
  await deps.sms.send(signInCodeSms(sent.phoneNumber, code));
}

async function newestCode(db: Db, phoneNumber: string) {
  const [row] = await db
    .select({
      id: phoneSignInCodes.id,
      codeHash: phoneSignInCodes.codeHash,
      attempts: phoneSignInCodes.attempts,
      consumedAt: phoneSignInCodes.consumedAt,
    })
    .from(phoneSignInCodes)
    .where(eq(phoneSignInCodes.phoneNumber, phoneNumber))
    .orderBy(desc(phoneSignInCodes.createdAt), desc(phoneSignInCodes.id))
    .limit(1);
  return row;
}

/**
 * Checks the code sent to the number, then signs in the live account with no email that holds the
 * number, or creates a recipient's account for it when a name comes with the code. Every try is
 * counted before the code is compared, in one conditional UPDATE, so parallel guesses get no more
 * than MAX_CODE_ATTEMPTS. An account with an email keeps signing in by email: families share
 * phones (docs/decisions/0045), so a number does not name an account that has an address.
 */
export async function verifySignInCode(
  deps: { db: Db },
  input: PhoneVerifyInput,
  finish: FinishSignIn,
): Promise<SignInReply> {
  const { phoneNumber } = input;
  const waiting = await newestCode(deps.db, phoneNumber);
  if (!waiting || waiting.consumedAt) throw new AppError('bad_request', NO_CODE_WAITING);
  const [tried] = await deps.db
    .update(phoneSignInCodes)
    .set({ attempts: sql`${phoneSignInCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneSignInCodes.id, waiting.id),
        lt(phoneSignInCodes.attempts, MAX_CODE_ATTEMPTS),
        isNull(phoneSignInCodes.consumedAt),
        gt(phoneSignInCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: phoneSignInCodes.attempts });
  if (!tried) {
    const now = await newestCode(deps.db, phoneNumber);
    if (!now || now.id !== waiting.id || now.consumedAt) throw new AppError('bad_request', NO_CODE_WAITING);
    if (now.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('bad_request', TOO_MANY_TRIES);
    throw new AppError('bad_request', 'That code has expired. Ask for a new code.');
  }
  if (!sameHash(waiting.codeHash, signInCodeHash(phoneNumber, input.code))) {
    const left = MAX_CODE_ATTEMPTS - tried.attempts;
    throw new AppError(
      'bad_request',
      left > 0 ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.` : TOO_MANY_TRIES,
    );
  }

  const existing = await phoneOnlyAccount(deps.db, phoneNumber);
  // The code stays good (its tries counted) so the person can add their name and send it again.
  if (!existing && !input.firstName) throw new AppError('bad_request', NEEDS_NAME).withCode('phone_needs_name');

  const userId = await deps.db.transaction(async (tx) => {
    // Two right answers racing: only one of them is used.
    const consumed = await tx
      .update(phoneSignInCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(phoneSignInCodes.id, waiting.id), isNull(phoneSignInCodes.consumedAt)))
      .returning({ id: phoneSignInCodes.id });
    if (consumed.length === 0) throw new AppError('bad_request', NO_CODE_WAITING);
    if (existing) return existing.id;
    const [created] = await tx
      .insert(users)
      .values({
        email: null,
        phoneNumber,
        firstName: input.firstName!,
        lastName: input.lastName ?? '',
        roleId: await roleIdByName(tx as unknown as Db, 'recipient'),
        // A number is all they gave: every notice reaches them by SMS (docs/decisions/0066).
        notifyBy: 'sms',
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created) return created.id;
    // Someone else's right answer made the account a moment ago: it is the same number's.
    const now = await phoneOnlyAccount(tx as unknown as Db, phoneNumber);
    if (!now) throw new AppError('conflict', 'Please try again.');
    return now.id;
  });
  return finish(userId);
}
