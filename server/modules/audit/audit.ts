import type { Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema/all';

export type AuditEntry = {
  /** Null only for changes no signed-in admin made (a script or the system on an admin's behalf). */
  adminId: number | null;
  /** What was done, as `area.verb`, e.g. `campaign.approve`, `product.delete`. */
  action: string;
  /** The kind of record changed, e.g. `recipient_campaign`, `organization_product`, `user`. */
  entity: string;
  entityId?: number | string | null;
  /** What changed, for the person reading the log later: never passwords, tokens or documents. */
  details?: Record<string, unknown> | null;
};

/**
 * Records who changed what. Call it with the same `db` (or transaction) as the change itself, so
 * the entry exists exactly when the change does.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(adminAuditLog)
    .values({
      adminId: entry.adminId,
      action: entry.action,
      entityType: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details: entry.details ?? null,
    })
    .returning({ id: adminAuditLog.id });
  return row!.id;
}
