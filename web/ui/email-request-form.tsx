import { Mail } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { emailProblem, normalEmail } from '@contract/sign-in-rules';
import { useFormShown } from '@/lib/hydrated';
import { Button } from './button';
import { ErrorMessage, StatusBox } from './feedback';
import { LightEmailField } from './light-fields';
import { FormPlaceholder, LightForm } from './light-form';

/**
 * Asking for something by email address (a password reset link, receipts again): the address, a
 * refusal said beside the button, and the answer in a status line. The page gives the words and the
 * request; `send` answers the server's sentence (or nothing, for `sent`), `failed` words a refusal.
 * `children` follow the answer. Its field is a light one, checked with the contract's own email rule
 * (contract/sign-in-rules.ts), so a light page can hold it (decision 0058); on a page the server
 * drew, its place is held until its script can send it.
 */
export function EmailRequestForm({
  submitLabel,
  sent,
  send,
  failed,
  children,
}: {
  submitLabel: string;
  sent: string;
  send: (email: string) => Promise<string | undefined>;
  failed: (error: unknown) => string;
  children?: ReactNode;
}) {
  const shown = useFormShown();
  const [email, setEmail] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const problem = emailProblem(email);

  async function submit() {
    setAlert(null);
    setAnswer(null);
    try {
      setAnswer((await send(normalEmail(email))) || sent);
    } catch (error) {
      setAlert(failed(error));
    }
  }

  return (
    <div className="max-w-xl space-y-6">
      {shown ? (
        <LightForm problems={problem ? [{ name: 'email' as const, message: problem }] : []} onSubmit={submit}>
          {({ idFor, errorOf, busy }) => (
            <>
              <LightEmailField
                id={idFor('email')}
                name="email"
                value={email}
                onChange={setEmail}
                error={errorOf('email')}
                readOnly={busy}
              />
              {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
              <Button type="submit" className="w-full sm:w-auto">
                <Mail aria-hidden="true" className="size-5" />
                {busy ? 'Sending...' : submitLabel}
              </Button>
            </>
          )}
        </LightForm>
      ) : (
        <FormPlaceholder className="min-h-44" />
      )}
      <StatusBox>{answer}</StatusBox>
      {children}
    </div>
  );
}
