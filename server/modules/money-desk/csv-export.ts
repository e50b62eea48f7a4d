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

/**
 * GET /api/admin/exports/{name}.csv: the export's rows for the filters, streamed as CSV as they are
 * read (a batch of rows at a time by keyset, on PostgreSQL and PGlite alike), so memory does not grow
 * with the number of rows. The audit log says who exported what, with the filters, before any row goes.
 */
export async function exportCsv(
  db: Db,
  adminId: number,
  name: ExportName,
  filters: PaymentFilters,
): Promise<{ fileName: string; body: Transform }> {
  // Checked before anything is written, so a bad filter is a 400 rather than a broken file.
  const where = paymentFilterSql(filters);
  const used = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  await audit(db, {
    adminId,
    action: `export.${name}`,
    entity: 'export',
    entityId: name,
    details: { words: EXPORT_WORDS[name], filter: used },
  });
  const spec = EXPORT_SPECS[name];
  const writer = csvWriter(spec.columns);
  // An error while reading ends the response; it is logged by the pipeline's reader below.
  pipeline(Readable.from(spec.rows(db, where)), writer, () => undefined);
  return { fileName: exportFileName(name), body: writer };
}
