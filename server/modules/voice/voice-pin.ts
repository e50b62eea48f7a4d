import { randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { HELP_LINE } from '@contract/sms';
import { VOICE_PIN_SAVED } from '@contract/voice';
import type { Db } from '../../db/client';
import { users, voicePins } from '../../db/schema/all';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { SmsSender } from '../../providers/sms/sms';
import { hashSecret, secretMatches } from '../accounts/secret-hash';

/** docs/decisions/0068: three wrong PINs in a row lock voice sign-in for the number this long. */
export const VOICE_LOCK_MINUTES = 30;
export const VOICE_PIN_TRIES = 3;
/** A PIN asked for by SMS is sent at most this often, however many calls ask. */
export const VOICE_PIN_SMS_MINUTES = 10;

export type VoicePinSmsJob = { userId: number };

/** PUT /api/account/voice-pin: the signed-in person's new PIN, which also lifts a lock. */
export async function setVoicePin(db: Db, userId: number, pin: string): Promise<{ message: string }> {
  const pinHash = await hashSecret(pin);
  await db
    .insert(voicePins)
    .values({ userId, pinHash })
    .onConflictDoUpdate({
      target: voicePins.userId,
      set: { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: sql`now()` },
    });
  return { message: VOICE_PIN_SAVED };
}

export type PinState = 'none' | 'set' | 'locked';

/** Whether the person has a PIN to give, and whether voice sign-in is locked for them now. */
export async function pinState(db: Db, userId: number): Promise<PinState> {
  const [row] = await db
    .select({ pinHash: voicePins.pinHash, locked: sql<boolean>`coalesce(${voicePins.lockedUntil} > now(), false)` })
    .from(voicePins)
    .where(eq(voicePins.userId, userId));
  if (!row) return 'none';
  if (row.locked) return 'locked';
  return row.pinHash ? 'set' : 'none';
}

/**
 * Checks a PIN given on the line. A wrong one counts; the third in a row locks voice sign-in for
 * VOICE_LOCK_MINUTES (the count starts again then). The right one clears the count.
 */
export async function checkVoicePin(db: Db, userId: number, pin: string): Promise<'right' | 'wrong' | 'locked'> {
  const [row] = await db
    .select({ pinHash: voicePins.pinHash, locked: sql<boolean>`coalesce(${voicePins.lockedUntil} > now(), false)` })
    .from(voicePins)
    .where(eq(voicePins.userId, userId));
  if (!row?.pinHash) return 'wrong';
  if (row.locked) return 'locked';
  const right = /^[0-9]{4}$/.test(pin) && (await secretMatches(row.pinHash, pin));
  if (right) {
    await db.update(voicePins).set({ failedAttempts: 0, lockedUntil: null }).where(eq(voicePins.userId, userId));
    return 'right';
  }
  // One statement, so two instances answering at once both count.
  const [after] = await db
    .update(voicePins)
    .set({
      failedAttempts: sql`case when ${voicePins.failedAttempts} + 1 >= ${VOICE_PIN_TRIES} then 0 else ${voicePins.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${voicePins.failedAttempts} + 1 >= ${VOICE_PIN_TRIES} then now() + make_interval(mins => ${VOICE_LOCK_MINUTES}) else ${voicePins.lockedUntil} end`,
    })
    .where(eq(voicePins.userId, userId))
    .returning({ locked: sql<boolean>`coalesce(${voicePins.lockedUntil} > now(), false)` });
  return after?.locked ? 'locked' : 'wrong';
}

/**
 * A caller without a PIN pressed the key to get one by SMS (docs/decisions/0068): queues the job
 * that makes it, unless one went in the last VOICE_PIN_SMS_MINUTES. Answers whether one is coming.
 */
export async function requestPinBySms(deps: { db: Db; jobs: JobQueue }, userId: number): Promise<boolean> {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(voicePins)
      .values({ userId, pinHash: null, smsSentAt: sql`now()` })
      .onConflictDoUpdate({
        target: voicePins.userId,
        set: { smsSentAt: sql`now()` },
        setWhere: sql`${voicePins.smsSentAt} is null or ${voicePins.smsSentAt} < now() - make_interval(mins => ${VOICE_PIN_SMS_MINUTES})`,
      })
      .returning({ userId: voicePins.userId });
    if (!row) return false;
    await deps.jobs.enqueue(tx, JOB.voicePinSms, { userId } satisfies VoicePinSmsJob);
    return true;
  });
}

/** The text carrying a voice PIN: who is writing, the PIN, how to change it, who to call if unasked. */
export function voicePinSms(to: string, pin: string) {
  return {
    to,
    text:
      `Gift of Independence: your voice line PIN is ${pin}. Call the line again and enter it. ` +
      `You can change it in your account settings. If you did not ask for it, call ${HELP_LINE}.`,
  };
}

/**
 * The job: makes a random PIN for a person who still has none, keeps only its hash and sends it by
 * SMS, so no readable PIN sits in the job table. A PIN they chose meanwhile is left alone.
 */
export async function sendVoicePinSms(deps: { db: Db; sms: SmsSender }, job: VoicePinSmsJob): Promise<void> {
  const [person] = await deps.db
    .select({ phoneNumber: users.phoneNumber })
    .from(users)
    .where(and(eq(users.id, job.userId), isNull(users.deletedAt)));
  if (!person?.phoneNumber) return;
  const pin = String(randomInt(0, 10_000)).padStart(4, '0');
  const [made] = await deps.db
    .update(voicePins)
    .set({ pinHash: await hashSecret(pin), failedAttempts: 0, updatedAt: sql`now()` })
    .where(and(eq(voicePins.userId, job.userId), isNull(voicePins.pinHash)))
    .returning({ userId: voicePins.userId });
  if (!made) return;
  await deps.sms.send(voicePinSms(person.phoneNumber, pin));
}
