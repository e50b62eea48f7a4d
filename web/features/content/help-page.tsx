import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Island } from '@/islands/island';
import { Page, Section } from '@/ui/page';
import { COLLECTION_CENTRE, PARTNERSHIPS_EMAIL } from '@/lib/site';
import { ContactForm } from './contact-form';
import { SubHeading } from './prose';
import { textLink } from '@/ui/text-link';

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
        <Island name="contact" component={ContactForm} props={{}} />
      </Section>
    </Page>
  );
}
