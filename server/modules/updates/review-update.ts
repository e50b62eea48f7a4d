import { MODERATION_RESULT, type ModerationDecision } from '@contract/moderation';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { audit } from '../audit/audit';
import { findUpdateForChange, setUpdateStatus } from './queries';
import { queueDonorsTold } from './tell-donors';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'publicCache'>;

const WORDS = {
  approve: 'Update approved. It is on the campaign page, and the donors are being told.',
  hide: 'Update hidden. It is no longer shown on the campaign page.',
} as const;

/**
 * An admin shows or hides an update. The donors hear of an update the first time it is shown, and
 * never again (hiding and showing it again is not news).
 */
export async function decideUpdate(
  deps: Deps,
  admin: { id: number },
  id: number,
  decision: ModerationDecision,
): Promise<{ message: string; status: 'approved' | 'hidden' }> {
  const status = MODERATION_RESULT[decision] as 'approved' | 'hidden';
  const queued = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await findUpdateForChange(tx, id);
    if (!row) throw new AppError('not_found', 'That update was not found.');
    await setUpdateStatus(tx, id, status, admin.id);
    await audit(tx, {
      adminId: admin.id,
      action: `update.${decision}`,
      entity: 'campaign_update',
      entityId: id,
      details: { before: { status: row.status }, after: { status } },
    });
    if (status !== 'approved' || row.donorsToldAt) return false;
    await queueDonorsTold(deps.jobs, tx, id);
    return true;
  });
  deps.publicCache.clear();
  if (queued) deps.jobs.wake(JOB.tellDonorsOfUpdate);
  return { message: WORDS[decision], status };
}
