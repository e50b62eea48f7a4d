import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing, Check, Phone, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  phoneChangeSchema,
  phoneConfirmSchema,
  preferencesSchema,
  type Preferences,
} from '@contract/account-preferences';
import type { NotifyBy } from '@contract/sms';
import { announce } from '@/lib/announce';
import { ApiError, apiGet, apiRequest, errorMessage } from '@/lib/api';
import { freshUserQuery, useSession } from '@/lib/session';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { NotifyByField } from '@/ui/notify-by-field';
import { Form, StatusBox, useZodForm } from '@/ui/form';

const PREFERENCES_KEY = ['account', 'preferences'] as const;
const preferencesQuery = { queryKey: PREFERENCES_KEY, queryFn: () => apiGet<Preferences>('/account/preferences') };

function NotifyByForm({ current }: { current: NotifyBy }) {
  const client = useQueryClient();
  const form = useZodForm(preferencesSchema, { defaultValues: { notifyBy: current } });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  return (
    <div className="max-w-xl space-y-5">
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          setDone(null);
          try {
            const reply = await apiRequest<{ message: string; notifyBy: NotifyBy }>('/account/preferences', {
              method: 'PATCH',
              body: JSON.stringify(values),
            });
            form.reset({ notifyBy: reply.data.notifyBy });
            setDone(reply.data.message);
            await client.invalidateQueries({ queryKey: PREFERENCES_KEY });
          } catch (error) {
            if (!helpers.showServerErrors(error))
              setAlert(errorMessage(error, { noMessage: 'Failed to save your choice. Please try again.' }));
          }
        }}
      >
        <NotifyByField />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          <BellRing aria-hidden="true" className="size-5" />
          {busy ? 'Saving...' : 'Save how we tell you'}
        </Button>
      </Form>
      <StatusBox>{done}</StatusBox>
    </div>
  );
}

/** Step one: the new number; a code goes to it by SMS. */
function NewNumberForm({ onSent, onCancel }: { onSent: (message: string) => void; onCancel: () => void }) {
  const form = useZodForm(phoneChangeSchema, { defaultValues: { phoneNumber: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  useEffect(() => form.setFocus('phoneNumber'), [form]);
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        setAlert(null);
        try {
          const reply = await apiRequest<{ message: string }>('/account/phone', {
            method: 'POST',
            body: JSON.stringify(values),
          });
          onSent(reply.data.message);
        } catch (error) {
          if (helpers.showServerErrors(error)) return;
          // A refused number is said on the field, so the summary takes focus and links to it.
          if (error instanceof ApiError && error.status === 400) helpers.showErrors({ phoneNumber: error.message });
          else setAlert(errorMessage(error, { noMessage: 'Failed to send the code. Please try again.' }));
        }
      }}
    >
      <TextField
        name="phoneNumber"
        label="New phone number"
        hint="Nigerian number, for example 803 123 4567. We will send a code to it by SMS."
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        prefix="+234"
        prefixLabel="Country code"
      />
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy || undefined}>
          <Send aria-hidden="true" className="size-5" />
          {busy ? 'Sending code...' : 'Send code'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

/** Step two: the code that came by SMS; only then does the number change. */
function CodeForm({
  sent,
  onConfirmed,
  onCancel,
}: {
  sent: string;
  onConfirmed: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(phoneConfirmSchema, { defaultValues: { code: '' } });
  // Where the code went is read with the code field, which takes focus as the step opens.
  const sentId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  useEffect(() => form.setFocus('code'), [form]);
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        setAlert(null);
        try {
          const reply = await apiRequest<{ message: string; phoneNumber: string }>('/account/phone/confirm', {
            method: 'POST',
            body: JSON.stringify(values),
          });
          onConfirmed(reply.data.message);
        } catch (error) {
          if (helpers.showServerErrors(error)) return;
          // A wrong or expired code is said on the field; what was typed stays for a second look.
          if (error instanceof ApiError && error.status === 400) helpers.showErrors({ code: error.message });
          else setAlert(errorMessage(error, { noMessage: 'Failed to check the code. Please try again.' }));
        }
      }}
    >
      <p id={sentId}>{sent}</p>
      <TextField
        name="code"
        label="Code from the SMS"
        describedBy={sentId}
        hint="6 digits."
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
      />
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy || undefined}>
          <Check aria-hidden="true" className="size-5" />
          {busy ? 'Checking...' : 'Confirm number'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Use a different number
        </Button>
      </div>
    </Form>
  );
}

const CHANGE_PHONE_ID = 'change-phone-number';

/** The number SMS goes to, changed only by proving the new one with a code sent to it. */
function PhoneNumber({ current }: { current: string | null }) {
  const client = useQueryClient();
  const [step, setStep] = useState<{ name: 'view' } | { name: 'number' } | { name: 'code'; sent: string }>({
    name: 'view',
  });
  const [done, setDone] = useState<string | null>(null);
  const returning = useRef(false);
  useEffect(() => {
    // Back from the steps, focus returns to the button that started them.
    if (step.name === 'view' && returning.current) document.getElementById(CHANGE_PHONE_ID)?.focus();
    returning.current = false;
  }, [step]);
  const backToView = () => {
    returning.current = true;
    setStep({ name: 'view' });
  };
  return (
    <div className="max-w-xl space-y-5">
      <p>
        Your phone number: <strong>{current ?? 'Not set'}</strong>
      </p>
      {step.name === 'view' ? (
        <Button
          id={CHANGE_PHONE_ID}
          variant="secondary"
          onClick={() => {
            setDone(null);
            setStep({ name: 'number' });
          }}
        >
          <Phone aria-hidden="true" className="size-5" />
          Change phone number
        </Button>
      ) : step.name === 'number' ? (
        <NewNumberForm
          onSent={(sent) => {
            announce(sent);
            setStep({ name: 'code', sent });
          }}
          onCancel={backToView}
        />
      ) : (
        <CodeForm
          sent={step.sent}
          onCancel={() => setStep({ name: 'number' })}
          onConfirmed={(message) => {
            setDone(message);
            backToView();
            void client.invalidateQueries({ queryKey: PREFERENCES_KEY });
          }}
        />
      )}
      <StatusBox>{done}</StatusBox>
    </div>
  );
}

/** "How we tell you" and "Phone number", for recipients and organizations alike. */
export function NotifySettings({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const preferences = useQuery(preferencesQuery);
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const hasEmail = Boolean((me.data ?? session.user)?.email);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingClass = headingLevel === 2 ? 'text-2xl font-bold' : 'text-xl font-bold';
  if (preferences.isPending) return <LoadingState>Loading your choices...</LoadingState>;
  if (preferences.isError)
    return (
      <ErrorMessage>
        {errorMessage(preferences.error, { noMessage: 'Failed to load your choices. Please reload the page.' })}
      </ErrorMessage>
    );
  return (
    <div className="space-y-8">
      <section aria-labelledby="notify-by-heading" className="space-y-4">
        <Heading id="notify-by-heading" className={headingClass}>
          How we tell you
        </Heading>
        {hasEmail ? (
          <NotifyByForm current={preferences.data.notifyBy} />
        ) : (
          // With no email there is nothing to choose: every notice goes by SMS (decision 0066).
          <p className="text-lg">
            We tell you by text message (SMS) to your phone. Your account has no email address, so every message comes
            by SMS.
          </p>
        )}
      </section>
      <section aria-labelledby="phone-heading" className="space-y-4">
        <Heading id="phone-heading" className={headingClass}>
          Phone number
        </Heading>
        <PhoneNumber current={preferences.data.phoneNumber} />
      </section>
    </div>
  );
}
