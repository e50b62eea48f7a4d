import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { FieldError, fieldClass } from '@/ui/form';
import { Button } from '@/ui/button';
import { Page, Section } from '@/ui/page';
import { COLLECTION_CENTRE, PARTNERSHIPS_EMAIL, SUPPORT_EMAIL } from '@/lib/site';
import { SubHeading } from './prose';
import { textLink } from '@/ui/text-link';

type FieldName = 'name' | 'email' | 'subject' | 'message';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ['name', 'email', 'subject', 'message'];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = 'Enter your full name.';
  if (!values.email.trim()) errors.email = 'Enter your email address.';
  else if (!EMAIL_PATTERN.test(values.email.trim()))
    errors.email = 'Enter an email address in the format name@example.com.';
  if (!values.subject.trim()) errors.subject = 'Enter a subject.';
  if (!values.message.trim()) errors.message = 'Enter your message.';
  return errors;
}

function ContactForm() {
  const uid = useId();
  const [values, setValues] = useState<Values>({ name: '', email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const refs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const idFor = (field: FieldName) => `${uid}-${field}`;
  const errorIdFor = (field: FieldName) => `${uid}-${field}-error`;

  function update(field: FieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    setSent(false);
    // Only re-check a field already flagged, so errors clear as they are fixed but never appear mid-typing.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    const firstInvalid = FIELD_ORDER.find((field) => found[field]);
    if (firstInvalid) {
      // Render aria-invalid and the message before focusing, so the screen reader reads them with the field.
      flushSync(() => {
        setErrors(found);
        setSent(false);
      });
      refs.current[firstInvalid]?.focus();
      return;
    }
    setErrors({});
    const name = values.name.trim();
    const email = values.email.trim();
    const body = `${values.message}\n\nFrom: ${name} <${email}>`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(values.subject.trim())}&body=${encodeURIComponent(body)}`;
    setSent(true);
  }

  function field(fieldName: FieldName, label: string, control: (props: FieldProps) => ReactNode) {
    const error = errors[fieldName];
    return (
      <div>
        <label htmlFor={idFor(fieldName)} className="block text-lg font-semibold text-gray-900 dark:text-gray-100">
          {label}
        </label>
        {control({
          id: idFor(fieldName),
          name: fieldName,
          value: values[fieldName],
          required: true,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorIdFor(fieldName) : undefined,
          className: fieldClass(Boolean(error)),
        })}
        <FieldError id={errorIdFor(fieldName)}>{error}</FieldError>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <p className="text-base text-gray-700 dark:text-gray-300">
        All fields are required. Sending opens your email app with your message ready to send to {SUPPORT_EMAIL}.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {field('name', 'Full name', (props) => (
          <input
            {...props}
            ref={(el) => {
              refs.current.name = el;
            }}
            type="text"
            autoComplete="name"
            onChange={(e) => update('name', e.target.value)}
          />
        ))}
        {field('email', 'Email', (props) => (
          <input
            {...props}
            ref={(el) => {
              refs.current.email = el;
            }}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            onChange={(e) => update('email', e.target.value)}
          />
        ))}
      </div>
      {field('subject', 'Subject', (props) => (
        <input
          {...props}
          ref={(el) => {
            refs.current.subject = el;
          }}
          type="text"
          autoComplete="off"
          onChange={(e) => update('subject', e.target.value)}
        />
      ))}
      {field('message', 'Message', (props) => (
        <textarea
          {...props}
          ref={(el) => {
            refs.current.message = el;
          }}
          rows={6}
          onChange={(e) => update('message', e.target.value)}
        />
      ))}
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
    </form>
  );
}

type FieldProps = {
  id: string;
  name: FieldName;
  value: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <SubHeading>{question}</SubHeading>
      {children}
    </div>
  );
}

export default function HelpPage() {
  return (
    <Page
      title="Help Center"
      intro={<p>Answers to common questions about giving, pickup and refunds, and a way to reach our team.</p>}
    >
      <Section title="Frequently Asked Questions" id="faq">
        <Question question="How do I give a gift?">
          <p>
            Browse the{' '}
            <Link to="/campaigns" className={textLink}>
              active campaigns
            </Link>
            , add the gifts you choose to your gift bag and pay by card. You can give as a guest or signed in. All
            amounts are in Nigerian naira.
          </p>
        </Question>
        <Question question="How do I know where my gift goes?">
          <p>
            Every gift funds a specific product for a specific person or organization, and every need is verified with
            professionals before a campaign is published. After the device is collected we record a thank-you video.
            Signed-in donors can watch it from their gift history.
          </p>
        </Question>
        <Question question="Can I give to a campaign that is already funded?">
          <p>No. Once a campaign is fully funded it is closed to further donations.</p>
        </Question>
        <Question question="Where and how are devices collected?">
          <p>
            All pickup is in person at our collection centre: {COLLECTION_CENTRE}. Recipients must bring their
            original ID. A minor, or a person without ID, may bring a parent or guardian&rsquo;s ID instead.
          </p>
          <p>
            Read our{' '}
            <Link to="/supported-states" className={textLink}>
              supported states and pickup policy
            </Link>{' '}
            for details.
          </p>
        </Question>
        <Question question="Can I get a refund?">
          <p>
            No. Donations are final and non-refundable, so please check your gift bag before you pay. See our{' '}
            <Link to="/terms-of-service" className={textLink}>
              Terms of Service
            </Link>
            .
          </p>
        </Question>
        <Question question="Can a school or organization request devices?">
          <p>
            Yes. Schools, libraries and training centres can create an organization account to request several units
            of a device. Read more on our{' '}
            <Link to="/organizations" className={textLink}>
              Organizations page
            </Link>{' '}
            or email{' '}
            <a href={`mailto:${PARTNERSHIPS_EMAIL}`} className={textLink}>
              {PARTNERSHIPS_EMAIL}
            </a>
            .
          </p>
        </Question>
      </Section>

      <Section title="Contact Us" id="contact">
        <ContactForm />
      </Section>
    </Page>
  );
}
