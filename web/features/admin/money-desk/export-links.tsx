import { Download } from 'lucide-react';
import { useState } from 'react';
import { EXPORTS, type ExportName, type PaymentFilters } from '@contract/money-desk';
import { errorMessage } from '@/lib/api';
import { announce } from '@/lib/announce';
import { ErrorMessage } from '@/ui/feedback';
import { blockLink } from '@/ui/text-link';
import { downloadExport, exportPath } from './money-desk-api';

const WHAT: Record<ExportName, string> = {
  payments: 'payments',
  donations: 'donations, one row per campaign',
  campaigns: 'campaigns',
  donors: 'donors',
};

const FAILED = { noMessage: 'The export could not be downloaded. Please try again.' };

/**
 * The four CSV exports for the filters shown. Each is a link to its address (copyable, and what a
 * script would fetch), saved with the session's token when followed here: a bearer token cannot
 * ride on a plain link.
 */
export function ExportLinks({ filters, filtered }: { filters: PaymentFilters; filtered: boolean }) {
  const [busy, setBusy] = useState<ExportName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (name: ExportName) => {
    if (busy) return;
    setBusy(name);
    setFailure(null);
    try {
      await downloadExport(name, filters);
      announce(`The ${name} export is downloaded.`);
    } catch (error) {
      const message = errorMessage(error, FAILED);
      setFailure(message);
      announce(message);
    } finally {
      setBusy(null);
    }
  };
  const scope = filtered ? ', with the filters shown' : ', everything';
  return (
    <section aria-labelledby="desk-exports" className="mt-10 space-y-3">
      <h2 id="desk-exports" className="text-2xl font-bold">
        Download CSV
      </h2>
      <p className="text-gray-800 dark:text-gray-200">
        {filtered ? 'For the filters shown above.' : 'Everything, as no filter is set.'} Amounts in naira and in kobo,
        times in Lagos.
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-1">
        {EXPORTS.map((name) => (
          <li key={name}>
            <a
              href={`/api${exportPath(name, filters)}`}
              download
              aria-busy={busy === name || undefined}
              onClick={(event) => {
                event.preventDefault();
                void save(name);
              }}
              className={`${blockLink} gap-2`}
            >
              <Download aria-hidden="true" className="size-5 shrink-0" />
              {busy === name ? 'Downloading...' : `Download ${name} CSV`}
              <span className="sr-only">
                {' '}
                ({WHAT[name]}
                {scope})
              </span>
            </a>
          </li>
        ))}
      </ul>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
    </section>
  );
}
