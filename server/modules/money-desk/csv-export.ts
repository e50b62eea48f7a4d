import { Readable, pipeline, type Transform } from 'node:stream';
import type { ExportName, PaymentFilters } from '@contract/money-desk';
import type { Db } from '../../db/client';
import { audit } from '../audit/audit';
import { csvWriter } from './csv-cell';
import { paymentFilterSql } from './desk-sql';
import { EXPORT_SPECS } from './export-rows';
import { lagosToday } from './lagos-time';

const EXPORT_WORDS: Record<ExportName, string> = {
  payments: 'Exported payments',
  donations: 'Exported donations',
  campaigns: 'Exported campaigns',
  donors: 'Exported donors',
};

/** The file name an export is saved as: gift-of-independence-payments-2026-11-25.csv (today in Lagos). */
export const exportFileName = (name: ExportName, now = new Date()): string =>
  `gift-of-independence-${name}-${lagosToday(now)}.csv`;

/** The rows of `rest` with `first`, already read from it, in front. */
async function* startingWith<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}

/**
 * GET /api/admin/exports/{name}.csv: the export's rows for the filters, streamed as CSV as they are
 * read (a batch of rows at a time by keyset, on PostgreSQL and PGlite alike), so memory does not grow
 * with the number of rows. The first batch is read before anything is answered, so an export that
 * cannot start is a plain JSON error, never an error under a CSV file's name and headers. The audit
 * log then says who exported what, with the filters, before any row goes.
 */
export async function exportCsv(
  db: Db,
  adminId: number,
  name: ExportName,
  filters: PaymentFilters,
): Promise<{ fileName: string; body: Transform }> {
  // Checked before anything is read, so a bad filter is a 400 rather than a broken file.
  const where = paymentFilterSql(filters);
  const spec = EXPORT_SPECS[name];
  const rows = spec.rows(db, where);
  const first = await rows.next();
  const used = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  await audit(db, {
    adminId,
    action: `export.${name}`,
    entity: 'export',
    entityId: name,
    details: { words: EXPORT_WORDS[name], filter: used },
  });
  const writer = csvWriter(spec.columns);
  // A later error ends the response mid-file: the headers are gone by then.
  pipeline(Readable.from(startingWith(first, rows)), writer, () => undefined);
  return { fileName: exportFileName(name), body: writer };
}
