import { Send } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailOnlySchema } from '@contract/auth';
import { Button } from '@/ui/button';
import { EmailField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { Page, Section } from '@/ui/page';
import { COLLECTION_CENTRE, PARTNERSHIPS_EMAIL, SUPPORT_EMAIL } from '@/lib/site';
import { SubHeading } from './prose';
import { textLink } from '@/ui/text-link';

/** The four required fields of the contact form (product notes 5: all four are required). */
const contactSchema = z.object({
  name: z.string().trim().min(1, 'Enter your full name.').max(120, 'Your name is too long.'),
  email: emailOnlySchema.shape.email,
  subject: z.string().trim().min(1, 'Enter a subject.').max(200, 'The subject is too long.'),
  message: z.string().trim().min(1, 'Enter your message.').max(5000, 'The message is too long.'),
});

function ContactForm() {
  const form = useZodForm(contactSchema, { defaultValues: { name: '', email: '', subject: '', message: '' } });
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const watching = form.watch(() => setSent(false));
    return () => watching.unsubscribe();
  }, [form]);

  function submit(values: z.output<typeof contactSchema>) {
    const body = `${values.message}\n\nFrom: ${values.name} <${values.email}>`;
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(values.subject)}&body=${encodeURIComponent(body)}`;
    setSent(true);
  }

  return (
    <Form form={form} onSubmit={submit}>
      <p className="text-base text-gray-700 dark:text-gray-300">
        All fields are required. Sending opens your email app with your message ready to send to {SUPPORT_EMAIL}.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="name" label="Full name" autoComplete="name" />
        <EmailField />
      </div>
      <TextField name="subject" label="Subject" autoComplete="off" />
      <TextField name="message" label="Message" rows={6} />
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
    </Form>
  );
}

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
            , add the gifts you choose to your gift bag and pay by card, bank, USSD or bank transfer. You can give as a
            guest or signed in. All amounts are in Nigerian naira. A bank transfer or USSD payment may take a few
            minutes for your bank to confirm: we hold your gifts for you meanwhile and email your receipt once it does.
          </p>
        </Question>
        <Question question="Where do I find my receipt?">
          <p>
            We email a receipt (PDF) for every gift. Signed-in donors can download each receipt, and a yearly statement,
            from their gift history. Lost one? You can{' '}
            <Link to="/receipts" className={textLink}>
              get your receipts again by email
            </Link>
            .
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
            All pickup is in person at our collection centre: {COLLECTION_CENTRE}. Recipients must bring their original
            ID. A minor, or a person without ID, may bring a parent or guardian&rsquo;s ID instead.
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
            Yes. Schools, libraries and training centres can create an organization account to request several units of
            a device. Read more on our{' '}
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
