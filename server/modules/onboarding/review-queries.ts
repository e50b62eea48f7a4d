import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { OnboardingReviewStatus } from '@contract/onboarding-review';
import type { Db } from '../../db/client';
import { onboardingSubmissions, users } from '../../db/schema/all';
import { afterKey, decodeKeyCursor, keyOrder, keyPage, keyText, type Keyset } from '../../db/cursor';

export type SubmissionRow = typeof onboardingSubmissions.$inferSelect;

const oldestFirst: Keyset = {
  column: onboardingSubmissions.createdAt,
  type: 'timestamp',
  direction: 'asc',
  id: onboardingSubmissions.id,
};

/**
 * The person's latest version only: an answered correction request (a newer version exists) has
 * left the queue, so each person stands in it once.
 */
const isLatest = sql`not exists (select 1 from onboarding_submissions newer
                                  where newer.user_id = ${onboardingSubmissions.userId}
                                    and newer.version > ${onboardingSubmissions.version})`;

/** One page of the latest versions in a status, oldest first, with who sent each and the true count. */
export async function reviewQueuePage(
  db: Db,
  opts: { status: OnboardingReviewStatus; limit: number; cursor?: string },
) {
  const after = decodeKeyCursor(opts.cursor, oldestFirst.type);
  const inQueue = and(eq(onboardingSubmissions.status, opts.status), isLatest)!;
  const rows = await db
    .select({
      id: onboardingSubmissions.id,
      userId: onboardingSubmissions.userId,
      kind: onboardingSubmissions.kind,
      version: onboardingSubmissions.version,
      status: onboardingSubmissions.status,
      createdAt: onboardingSubmissions.createdAt,
      sortKey: keyText(oldestFirst),
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
      organizationName: sql<string | null>`${onboardingSubmissions.answers}->>'organizationName'`,
    })
    .from(onboardingSubmissions)
    .innerJoin(users, eq(users.id, onboardingSubmissions.userId))
    .where(after ? and(inQueue, afterKey(oldestFirst, after)) : inQueue)
    .orderBy(...keyOrder(oldestFirst))
    .limit(opts.limit + 1);
  const [total] = await db.select({ n: count() }).from(onboardingSubmissions).where(inQueue);
  const page = keyPage(rows, opts.limit);
  return { rows: page.rows, total: Number(total?.n ?? 0), nextCursor: page.nextCursor };
}

/** One version with its sender's contact details, and the organization's name as that version gave it. */
export async function submissionWithPerson(db: Db, id: number) {
  const [row] = await db
    .select({
      submission: onboardingSubmissions,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
      organizationName: sql<string | null>`${onboardingSubmissions.answers}->>'organizationName'`,
    })
    .from(onboardingSubmissions)
    .innerJoin(users, eq(users.id, onboardingSubmissions.userId))
    .where(eq(onboardingSubmissions.id, id))
    .limit(1);
  return row;
}

/** Every version of one person's onboarding, newest first. */
export function versionsOf(db: Db, userId: number): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(onboardingSubmissions)
    .where(eq(onboardingSubmissions.userId, userId))
    .orderBy(desc(onboardingSubmissions.version));
}

/** A person's latest version, locked for the rest of the transaction when `lock` is set. */
export async function latestSubmission(db: Db, userId: number, lock = false): Promise<SubmissionRow | undefined> {
  const query = db
    .select()
    .from(onboardingSubmissions)
    .where(eq(onboardingSubmissions.userId, userId))
    .orderBy(desc(onboardingSubmissions.version))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** One version locked for a decision. */
export async function lockSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(onboardingSubmissions).where(eq(onboardingSubmissions.id, id)).for('update');
  return row;
}

/** Decides a waiting version: false when it no longer waits (another admin decided first). */
export async function decideSubmission(
  db: Db,
  id: number,
  decision: { status: 'verified' | 'correction_requested'; note: string | null; adminId: number },
): Promise<boolean> {
  const rows = await db
    .update(onboardingSubmissions)
    .set({ status: decision.status, reviewNote: decision.note, reviewedBy: decision.adminId, reviewedAt: sql`now()` })
    .where(and(eq(onboardingSubmissions.id, id), eq(onboardingSubmissions.status, 'submitted')))
    .returning({ id: onboardingSubmissions.id });
  return rows.length === 1;
}

/** Writes a new version; undefined when that version number was taken meanwhile. */
export async function insertSubmission(
  db: Db,
  row: { userId: number; kind: 'recipient' | 'organization'; version: number; answers: Record<string, unknown> },
): Promise<number | undefined> {
  const [inserted] = await db
    .insert(onboardingSubmissions)
    .values({ ...row, status: 'submitted' })
    .onConflictDoNothing()
    .returning({ id: onboardingSubmissions.id });
  return inserted?.id;
}
