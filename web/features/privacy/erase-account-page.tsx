import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '@/lib/api';
import { signOut } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { confirmAccountErasure } from './api';
import { LinkOutcome } from './link-outcome';

/** The mailed link of "Erase my account": one more press erases it, then this browser is signed out. */
export default function EraseAccountPage() {
  const { token = '' } = useParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function erase() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await confirmAccountErasure(token);
      // The server has ended every session; this browser forgets its own too.
      await signOut();
      setDone(reply.message);
    } catch (error) {
      setFailure(errorMessage(error, { noMessage: 'Your account could not be erased. Please try again.' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Erase your account">
      <div className="max-w-2xl space-y-5 text-lg">
        {done ? (
          <LinkOutcome>
            <p>{done}</p>
            <p>The gifts and campaigns stay on record without your name. Thank you for being part of this.</p>
            <p>
              <Link to="/" className={blockLink}>
                Go to the home page
              </Link>
            </p>
          </LinkOutcome>
        ) : (
          <>
            <p>
              Pressing the button erases your name, contact details, profile, documents, notices and sign-ins, and signs
              you out everywhere. The gifts you made and the campaigns you asked for stay on record without your name,
              so what each campaign raised stays true. This cannot be undone.
            </p>
            {failure ? <ErrorMessage>{failure}</ErrorMessage> : null}
            <Button variant="danger" aria-disabled={busy || undefined} onClick={() => void erase()}>
              <Trash2 aria-hidden="true" className="size-5" />
              {busy ? 'Erasing...' : 'Erase my account'}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
