import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationProfiles, recipientProfiles, roles, users } from '../../db/schema/all';

/** Sets onboarding complete once: false when it already was (a second submit, or two at once). */
export async function markOnboardingComplete(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isOnboardingComplete: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.isOnboardingComplete, false)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function isOnboardingComplete(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ done: users.isOnboardingComplete }).from(users).where(eq(users.id, userId));
  return row?.done ?? false;
}

export async function saveRecipientProfile(db: Db, row: typeof recipientProfiles.$inferInsert) {
  await db
    .insert(recipientProfiles)
    .values(row)
    .onConflictDoUpdate({ target: recipientProfiles.userId, set: { ...row, updatedAt: sql`now()` } });
}

export async function saveOrganizationProfile(db: Db, row: typeof organizationProfiles.$inferInsert) {
  await db
    .insert(organizationProfiles)
    .values(row)
    .onConflictDoUpdate({ target: organizationProfiles.userId, set: { ...row, updatedAt: sql`now()` } });
}

const profileTables = { recipient: recipientProfiles, organization: organizationProfiles };

type ProfileRow<T extends { $inferSelect: unknown }> = {
  user: { firstName: string; lastName: string; email: string | null; done: boolean };
  profile: T['$inferSelect'];
};

/** An account with its onboarding answers; undefined when it has none. */
export function profileRow(
  db: Db,
  kind: 'recipient',
  userId: number,
): Promise<ProfileRow<typeof recipientProfiles> | undefined>;
export function profileRow(
  db: Db,
  kind: 'organization',
  userId: number,
): Promise<ProfileRow<typeof organizationProfiles> | undefined>;
export async function profileRow(db: Db, kind: keyof typeof profileTables, userId: number) {
  const table = profileTables[kind];
  const [row] = await db
    .select({
      user: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        done: users.isOnboardingComplete,
      },
      profile: table,
    })
    .from(users)
    .innerJoin(table, eq(table.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Who just finished onboarding, for the admins' notice. */
export async function onboardedPerson(db: Db, userId: number) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: roles.name,
      organizationName: organizationProfiles.organizationName,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(organizationProfiles, eq(organizationProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
