import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '@contract/admin';
import type { Db } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema/all';

/** The audit log, newest first, by id cursor; narrowed to one campaign or one admin. */
export async function listAudit(
  db: Db,
  query: { campaign?: string; adminId?: number; limit: number; cursor?: number },
): Promise<{ items: AuditEntry[]; nextCursor: number | null; total: number }> {
  const where: SQL[] = [];
  if (query.campaign) {
    const org = query.campaign.startsWith('org-');
    where.push(eq(adminAuditLog.entityType, org ? 'organization_campaign' : 'recipient_campaign'));
    where.push(eq(adminAuditLog.entityId, org ? query.campaign.slice(4) : query.campaign));
  }
  if (query.adminId) where.push(eq(adminAuditLog.adminId, query.adminId));
  const filtered = where.length ? and(...where) : undefined;
  if (query.cursor) where.push(sql`${adminAuditLog.id} < ${query.cursor}`);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminAuditLog)
    .where(filtered);
  const rows = await db
    .select({
      log: adminAuditLog,
      admin: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const kept = more ? rows.slice(0, query.limit) : rows;
  return {
    items: kept.map(({ log, admin }) => ({
      id: log.id,
      admin: admin
        ? { id: admin.id, name: `${admin.firstName} ${admin.lastName}`.trim(), email: admin.email ?? '' }
        : null,
      action: log.action,
      entity_type: log.entityType,
      entity_id: log.entityId,
      details: log.details ?? null,
      created_at: log.createdAt.toISOString(),
    })),
    nextCursor: more ? kept[kept.length - 1]!.log.id : null,
    total: Number(count?.n ?? 0),
  };
}
