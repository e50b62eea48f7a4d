import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { apiDownload, apiRequest, errorMessage } from '@/lib/api';
import { announce } from '@/lib/announce';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorMessage } from './feedback';
import { StatusBox } from './form';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * "Your data" on every account or settings page (docs/decisions/0054): download everything held
 * about the person as a file, or ask for the account to be erased, confirmed by a mailed link.
 */
export function YourDataSection({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await apiDownload('/account/export', `gift-of-independence-my-data-${today()}.json`);
      announce('Your data has been downloaded.');
    } catch (error) {
      const message = errorMessage(error, { noMessage: 'The download failed. Please try again.' });
      setFailure(message);
      announce(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 space-y-4 text-lg">
      <Heading id={headingId} className={headingLevel === 2 ? 'text-2xl font-bold' : 'text-xl font-bold'}>
        Your data
      </Heading>
      <p>
        Download everything we hold about you as a file: your account and profile, requests, gifts, notices, sign-ins
        and links to the files you uploaded. The file links work for 5 minutes.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" aria-disabled={busy || undefined} onClick={() => void download()}>
          <Download aria-hidden="true" className="size-5" />
          {busy ? 'Downloading...' : 'Download my data'}
        </Button>
        <Button variant="danger" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" className="size-5" />
          Erase my account
        </Button>
      </div>
      {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
      <StatusBox>{sent}</StatusBox>
      <ConfirmDialog
        title="Erase your account?"
        isOpen={asking}
        onOpenChange={setAsking}
        confirmLabel="Email me the link"
        busyLabel="Sending..."
        variant="danger"
        failed="We could not send the link. Please try again."
        onConfirm={async () => {
          const reply = await apiRequest<{ message: string }>('/account/erasure', { method: 'POST' });
          setAsking(false);
          setSent(reply.data.message);
        }}
      >
        <p>
          <strong>What goes:</strong> your name, email address, phone number, password, profile, answers, uploaded
          documents and photos, notices and sign-ins. You will be signed out everywhere.
        </p>
        <p>
          <strong>What is kept, without your name:</strong> the gifts you made and the campaigns you asked for, with
          their amounts and dates, so what each campaign raised stays true.
        </p>
        <p>We will email you a link. Nothing is erased until you open it and confirm. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
