import { sql } from 'drizzle-orm';
import { MATCH_ALREADY_CLOSED, MATCH_NOT_FOUND } from '@contract/match-admin';
import { selectRows, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { audit } from '../audit/audit';

/**
 * Closes a pool now, before its window would have: gifts whose checkout starts from now on are not
 * matched, while checkouts already holding a match keep it (decision 0080, windows). A pool that
 * has not opened yet closes without ever opening. Taken under the pool's row lock, the lock a
 * checkout takes to reserve from it, so no reservation is half-decided across the close.
 */
export async function closeMatch(db: Db, adminId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [pool] = await selectRows<{
      starts_at: Date | string;
      ends_at: Date | string;
      upcoming: boolean;
      closed: boolean;
    }>(
      tx,
      sql`select starts_at, ends_at, starts_at > now() as upcoming, ends_at <= now() as closed
            from match_pools where id = ${id} for update`,
    );
    if (!pool) throw notFound(MATCH_NOT_FOUND);
    if (pool.closed) throw new AppError('conflict', MATCH_ALREADY_CLOSED).withCode('match_closed');
    // The window must still end after it starts (the table's check): one that never opened starts
    // and ends now, a moment apart.
    await tx.execute(
      pool.upcoming
        ? sql`update match_pools set starts_at = now() - interval '1 millisecond', ends_at = now() where id = ${id}`
        : sql`update match_pools set ends_at = now() where id = ${id}`,
    );
    await audit(tx, {
      adminId,
      action: 'match.close',
      entity: 'match_pool',
      entityId: id,
      details: { endsAtBefore: new Date(pool.ends_at).toISOString(), hadOpened: !pool.upcoming },
    });
  });
}
