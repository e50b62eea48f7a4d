import { Mail } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { privacyRequestSchema, type PrivacyRequestKind } from '@contract/privacy';
import { errorMessage } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { EmailField, HumanCheckField, RadioGroup } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { askForGuestLink } from './api';

const KINDS = [
  {
    value: 'export',
    label: 'Download my data',
    description: 'A file with the gifts you gave with this address: names, amounts, dates and references.',
  },
  {
    value: 'erase',
    label: 'Erase my data',
    description: 'Your name and address come off those gifts. The amounts stay on record without them.',
  },
] as const;

/**
 * A donor who gave without an account asks, by email address, to download or erase what is held
 * about their gifts; the answer is the same whether or not the address gave (docs/decisions/0054).
 */
export default function YourDataPage() {
  const session = useSession();
  const { data: config } = usePublicConfig();
  const siteKey = config?.turnstileSiteKey ?? null;
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useZodForm(privacyRequestSchema, { defaultValues: { email: '', kind: 'export' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  async function submit(values: { email: string; kind: PrivacyRequestKind; turnstileToken?: string }) {
    setAlert(null);
    setAnswer(null);
    try {
      setAnswer((await askForGuestLink(values)).message);
    } catch (error) {
      setAlert(errorMessage(error, { noMessage: 'We could not send the link. Please try again.' }));
    } finally {
      setCaptchaKey((k) => k + 1);
    }
  }

  return (
    <Page
      title="Your Data"
      intro={
        <p>
          Under the Nigeria Data Protection Act 2023 you may have a copy of the data we hold about you, or have it
          erased. Gave without an account? Enter the email address you gave with and we will email it a link.{' '}
          {session.user ? (
            <>You are signed in: your account page has &ldquo;Your data&rdquo; for everything in your account.</>
          ) : (
            <>
              Have an account?{' '}
              <Link to="/login" className={blockLink}>
                Sign in
              </Link>{' '}
              and use &ldquo;Your data&rdquo; on your account page.
            </>
          )}
        </p>
      }
    >
      <div className="max-w-xl space-y-6">
        <Form form={form} onSubmit={submit}>
          <EmailField hint="The address you gave with. Only that inbox gets the link." />
          <RadioGroup name="kind" legend="What would you like?" options={KINDS} />
          {siteKey ? <HumanCheckField name="turnstileToken" siteKey={siteKey} resetKey={captchaKey} /> : null}
          {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
          <Button type="submit" className="w-full sm:w-auto">
            <Mail aria-hidden="true" className="size-5" />
            {busy ? 'Sending...' : 'Email me a link'}
          </Button>
        </Form>
        <StatusBox>{answer}</StatusBox>
        <p className="text-lg">
          What we keep and why is explained in our{' '}
          <Link to="/privacy-policy" className={blockLink}>
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </Page>
  );
}
