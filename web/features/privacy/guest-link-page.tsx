import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { eraseGuestGifts, fetchGuestExport, saveJson } from './api';
import { LinkOutcome } from './link-outcome';

const today = () => new Date().toISOString().slice(0, 10);

/** A guest donor's mailed link: download the gifts given with the address, or take the name off them. */
export default function GuestLinkPage() {
  const { kind, token = '' } = useParams();
  const exporting = kind === 'export';
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function run() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (exporting) {
        saveJson(await fetchGuestExport(token), `gift-of-independence-guest-gifts-${today()}.json`);
        setDone('Your data has been downloaded. This link has now been used; ask again for a new one.');
      } else {
        setDone((await eraseGuestGifts(token)).message);
      }
    } catch (error) {
      const message = errorMessage(error, { noMessage: 'That did not work. Please try again.' });
      setFailure(message);
      announce(message);
    } finally {
      setBusy(false);
    }
  }

  if (kind !== 'export' && kind !== 'erase') {
    return (
      <Page title="Link not recognised">
        <p className="text-lg">
          This link is not one we send.{' '}
          <Link to="/your-data" className={blockLink}>
            Ask for your data again
          </Link>
          .
        </p>
      </Page>
    );
  }
  return (
    <Page title={exporting ? 'Download your data' : 'Erase your data'}>
      <div className="max-w-2xl space-y-5 text-lg">
        {done ? (
          <LinkOutcome>
            <p>{done}</p>
          </LinkOutcome>
        ) : (
          <>
            <p>
              {exporting
                ? 'Download the gifts you gave as a guest with your email address, as a file. The link works once.'
                : 'Remove your name and email address from the gifts you gave as a guest. The amounts, dates and payment references stay on record without your name, and receipts will no longer carry it. This cannot be undone.'}
            </p>
            {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
            <Button
              variant={exporting ? 'primary' : 'danger'}
              aria-disabled={busy || undefined}
              onClick={() => void run()}
            >
              {exporting ? (
                <Download aria-hidden="true" className="size-5" />
              ) : (
                <Trash2 aria-hidden="true" className="size-5" />
              )}
              {busy ? 'Working...' : exporting ? 'Download my data' : 'Erase my data'}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
