import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OnboardingReviewStatus } from '@contract/onboarding-review';
import type { Db } from '../../db/client';
import { onboardingSubmissions, organizationProfiles, users } from '../../db/schema/all';
import type { Cursor } from '../campaigns/cursor';

export type SubmissionRow = typeof onboardingSubmissions.$inferSelect;

// Microsecond-exact text form of created_at, so keyset cursors never skip or repeat a row.
const createdText = sql<string>`to_char(${onboardingSubmissions.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of the versions in a status, oldest first, with who sent each and the true count. */
export async function reviewQueuePage(db: Db, opts: { status: OnboardingReviewStatus; limit: number; after?: Cursor }) {
  const where: SQL[] = [eq(onboardingSubmissions.status, opts.status)];
  if (opts.after) {
    where.push(
      sql`(${onboardingSubmissions.createdAt}, ${onboardingSubmissions.id}) > (${opts.after.createdAt}::timestamptz, ${opts.after.id})`,
    );
  }
  const rows = await db
    .select({
      id: onboardingSubmissions.id,
      userId: onboardingSubmissions.userId,
      kind: onboardingSubmissions.kind,
      version: onboardingSubmissions.version,
      status: onboardingSubmissions.status,
      createdAt: onboardingSubmissions.createdAt,
      cursorTs: createdText,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      organizationName: organizationProfiles.organizationName,
    })
    .from(onboardingSubmissions)
    .innerJoin(users, eq(users.id, onboardingSubmissions.userId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, onboardingSubmissions.userId))
    .where(and(...where))
    .orderBy(asc(onboardingSubmissions.createdAt), asc(onboardingSubmissions.id))
    .limit(opts.limit + 1);
  const [total] = await db
    .select({ n: count() })
    .from(onboardingSubmissions)
    .where(eq(onboardingSubmissions.status, opts.status));
  const more = rows.length > opts.limit;
  const kept = rows.slice(0, opts.limit);
  const last = kept[kept.length - 1];
  return {
    rows: kept,
    total: Number(total?.n ?? 0),
    next: more && last ? { createdAt: last.cursorTs, id: last.id } : undefined,
  };
}

/** One version with its sender's contact details; locked for the transaction when `lock` is set. */
export async function submissionWithPerson(db: Db, id: number) {
  const [row] = await db
    .select({
      submission: onboardingSubmissions,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phoneNumber,
      organizationName: organizationProfiles.organizationName,
    })
    .from(onboardingSubmissions)
    .innerJoin(users, eq(users.id, onboardingSubmissions.userId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, onboardingSubmissions.userId))
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
