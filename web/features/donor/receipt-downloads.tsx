import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import type { DonorReceipt } from '@contract/receipts';
import { errorMessage } from '@/lib/api';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { fieldClass } from '@/ui/field-parts';
import { downloadReceipt, downloadStatement } from './api';

const FAILED = { noMessage: 'The download failed. Please try again.' };

/** Runs one download at a time, saying when it is saved and showing why when it is not. */
function useDownload() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(save: () => Promise<void>, done: string) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await save();
      announce(done);
    } catch (error) {
      const message = errorMessage(error, FAILED);
      setFailure(message);
      announce(message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, failure, run };
}

/** A gift row's receipt: named for the gift, so a list of them reads apart in a screen reader. */
export function ReceiptDownload({ receipt, giftName }: { receipt: DonorReceipt; giftName: string }) {
  const { busy, failure, run } = useDownload();
  return (
    <div>
      <Button
        variant="ghost"
        className="-mx-4 underline"
        aria-disabled={busy || undefined}
        onClick={() => void run(() => downloadReceipt(receipt), `Receipt ${receipt.receiptNumber} downloaded.`)}
      >
        <Download aria-hidden="true" className="size-5 shrink-0" />
        {busy ? 'Downloading...' : 'Download receipt (PDF)'}
        <span className="sr-only">
          {' '}
          for your gift to {giftName}, reference {receipt.reference}
        </span>
      </Button>
      {failure ? <p className="text-red-800 dark:text-red-300">{failure}</p> : null}
    </div>
  );
}

/** The yearly statement: pick a year that has gifts, then download it. */
export function StatementPicker({ years }: { years: number[] }) {
  const id = useId();
  const [chosen, setYear] = useState<number>();
  const year = chosen !== undefined && years.includes(chosen) ? chosen : years[0];
  const { busy, failure, run } = useDownload();
  if (year === undefined) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-10">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        Yearly statements
      </h2>
      <p className="mt-2 text-lg text-gray-800 dark:text-gray-200">
        One PDF with every gift of a calendar year and the year&apos;s total, for your records.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-year`} className="block font-semibold">
            Year
          </label>
          <select
            id={`${id}-year`}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            className={`mt-1 w-40 ${fieldClass(false)}`}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          aria-disabled={busy || undefined}
          onClick={() => void run(() => downloadStatement(year), `Statement for ${year} downloaded.`)}
        >
          <FileText aria-hidden="true" className="size-5 shrink-0" />
          {busy ? 'Downloading...' : `Download statement for ${year} (PDF)`}
        </Button>
      </div>
      {failure ? (
        <div className="mt-3">
          <ErrorMessage>{failure}</ErrorMessage>
        </div>
      ) : null}
    </section>
  );
}
