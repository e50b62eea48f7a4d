import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { caseworkers } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { latestSubmission } from '../onboarding/review-queries';

export const NOT_LISTED =
  'Your organization no longer lists you as a caseworker. Ask the organization to invite you again.';
export const ORGANIZATION_NOT_VERIFIED =
  'Your organization can invite caseworkers once our team has verified its profile.';

/** The organization a signed-in caseworker works for; refused when the organization has removed them. */
export async function caseworkerOrganization(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ organizationId: caseworkers.organizationId })
    .from(caseworkers)
    .where(eq(caseworkers.userId, userId));
  if (!row) throw new AppError('forbidden', NOT_LISTED).withCode('not_a_caseworker');
  return row.organizationId;
}

/** Only an organization our team has verified vouches for caseworkers who apply in its name. */
export async function requireVerifiedOrganization(db: Db, organizationId: number): Promise<void> {
  const latest = await latestSubmission(db, organizationId);
  if (latest?.kind !== 'organization' || latest.status !== 'verified')
    throw new AppError('forbidden', ORGANIZATION_NOT_VERIFIED).withCode('organization_not_verified');
}
