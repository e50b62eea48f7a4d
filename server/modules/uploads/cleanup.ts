import type { AppDeps } from '../../deps';
import { deleteUploads, staleUploads } from './queries';

/** Uploads never used are kept this long, then removed with their bytes. */
export const UNUSED_UPLOAD_HOURS = 24;

/** Removes uploads given out more than a day ago and never used, bytes first. Answers how many. */
export async function removeStaleUploads(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  hours = UNUSED_UPLOAD_HOURS,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await staleUploads(deps.db, hours, 200);
    if (batch.length === 0) return removed;
    for (const upload of batch) await deps.storage.remove(upload.key);
    await deleteUploads(
      deps.db,
      batch.map((u) => u.id),
    );
    removed += batch.length;
    if (batch.length < 200) return removed;
  }
}
