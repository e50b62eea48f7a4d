import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { UploadPurpose } from '@contract/uploads';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/all';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: Db,
  row: { key: string; ownerId: number; purpose: UploadPurpose; fileName: string; declaredType: string },
) {
  await db.insert(uploads).values(row);
}

/** The caller's unused upload under this key and purpose; someone else's key reads as absent. */
export async function findIssuedUpload(
  db: Db,
  key: string,
  ownerId: number,
  purpose: UploadPurpose,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.ownerId, ownerId),
        eq(uploads.purpose, purpose),
        eq(uploads.status, 'issued'),
      ),
    )
    .limit(1);
  return row;
}

/** Marks an upload used, once: false when another request used it first. */
export async function markUploadUsed(db: Db, id: number, detectedType: string, storedKey: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ status: 'used', detectedType, storedKey, usedAt: sql`now()` })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'issued')))
    .returning({ id: uploads.id });
  return rows.length === 1;
}

/** The file name and type of a stored private document, for its download link. */
export async function storedFile(db: Db, storedKey: string): Promise<{ fileName: string; type: string } | undefined> {
  const [row] = await db
    .select({ fileName: uploads.fileName, type: uploads.detectedType })
    .from(uploads)
    .where(and(eq(uploads.storedKey, storedKey), eq(uploads.status, 'used')))
    .limit(1);
  return row?.type ? { fileName: row.fileName, type: row.type } : undefined;
}

/** Uploads given out more than `hours` ago and never used. */
export async function staleUploads(db: Db, hours: number, limit: number): Promise<{ id: number; key: string }[]> {
  return db
    .select({ id: uploads.id, key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.status, 'issued'), lt(uploads.createdAt, sql`now() - make_interval(hours => ${hours})`)))
    .orderBy(uploads.createdAt)
    .limit(limit);
}

export async function deleteUploads(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(uploads).where(and(inArray(uploads.id, ids), eq(uploads.status, 'issued')));
}
