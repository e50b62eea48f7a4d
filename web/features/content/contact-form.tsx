import { Send } from 'lucide-react';
import { useState } from 'react';
import { emailProblem, normalEmail } from '@contract/sign-in-rules';
import { useFormShown } from '@/lib/hydrated';
import { SUPPORT_EMAIL } from '@/lib/site';
import { Button } from '@/ui/button';
import { LightEmailField, LightTextField } from '@/ui/light-fields';
import { FormPlaceholder, LightForm, type FieldProblem } from '@/ui/light-form';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;

/** Each field's rule: required (product notes 5: all four are), and at most so long. */
const RULES: Record<Exclude<Field, 'email'>, { missing: string; max: number; tooLong: string }> = {
  name: { missing: 'Enter your full name.', max: 120, tooLong: 'Your name is too long.' },
  subject: { missing: 'Enter a subject.', max: 200, tooLong: 'The subject is too long.' },
  message: { missing: 'Enter your message.', max: 5000, tooLong: 'The message is too long.' },
};

/** What the rules find in what is typed, in the fields' order. */
export function contactProblems(values: Values): FieldProblem<Field>[] {
  const found: FieldProblem<Field>[] = [];
  for (const name of ['name', 'email', 'subject', 'message'] as const) {
    let message: string | null;
    if (name === 'email') message = emailProblem(values.email);
    else {
      const typed = values[name].trim();
      const rule = RULES[name];
      message = !typed ? rule.missing : typed.length > rule.max ? rule.tooLong : null;
    }
    if (message) found.push({ name, message });
  }
  return found;
}

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

/**
 * The Help Center's contact form: sending opens the visitor's email app with the message written
 * out. It is the help page's island (decision 0058), with light fields, so the page loads no form or
 * schema library; the server holds its place, and it is drawn once its script can send it.
 */
export function ContactForm() {
  const shown = useFormShown();
  const [values, setValues] = useState<Values>(EMPTY);
  const [sent, setSent] = useState(false);
  const problems = contactProblems(values);

  const set = (name: Field) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSent(false);
  };

  async function submit() {
    const body = `${values.message.trim()}\n\nFrom: ${values.name.trim()} <${normalEmail(values.email)}>`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(values.subject.trim())}&body=${encodeURIComponent(body)}`;
    setSent(true);
  }

  if (!shown) return <FormPlaceholder className="min-h-[44rem] sm:min-h-[38rem]" />;
  return (
    <LightForm problems={problems} onSubmit={submit}>
      {({ idFor, errorOf, busy }) => (
        <>
          <p className="text-base text-gray-700 dark:text-gray-300">
            All fields are required. Sending opens your email app with your message ready to send to {SUPPORT_EMAIL}.
          </p>
          <div className="grid gap-5 sm:grid-cols-2">
            <LightTextField
              id={idFor('name')}
              name="name"
              label="Full name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              error={errorOf('name')}
              readOnly={busy}
            />
            <LightEmailField
              id={idFor('email')}
              name="email"
              value={values.email}
              onChange={set('email')}
              error={errorOf('email')}
              readOnly={busy}
            />
          </div>
          <LightTextField
            id={idFor('subject')}
            name="subject"
            label="Subject"
            autoComplete="off"
            value={values.subject}
            onChange={set('subject')}
            error={errorOf('subject')}
            readOnly={busy}
          />
          <LightTextField
            id={idFor('message')}
            name="message"
            label="Message"
            rows={6}
            value={values.message}
            onChange={set('message')}
            error={errorOf('message')}
            readOnly={busy}
          />
          <Button type="submit">
            <Send aria-hidden="true" className="size-5" />
            Send Message
          </Button>
          {/* Kept in the page from the start so the message is announced when it appears. */}
          <div role="status" className="text-base">
            {sent ? (
              <p className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
                Your email app should now open with your message. If it does not, write to us at{' '}
                <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold break-words underline decoration-2">
                  {SUPPORT_EMAIL}
                </a>
                .
              </p>
            ) : null}
          </div>
        </>
      )}
    </LightForm>
  );
}
