import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembers } from '../../db/schema/all';
import { AppError } from '../../http/errors';

export const NOT_LISTED =
  'Your organization no longer lists you as a caseworker. Ask the organization to invite you again.';

/** The organization a signed-in caseworker works for; refused when the organization has removed them. */
export async function caseworkerOrganization(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.role, 'caseworker')));
  if (!row) throw new AppError('forbidden', NOT_LISTED).withCode('not_a_caseworker');
  return row.organizationId;
}
