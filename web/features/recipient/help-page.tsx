import { Link } from 'react-router';
import { COLLECTION_CENTRE, SUPPORT_EMAIL } from '@/lib/site';
import { Page, Section } from '@/ui/page';
import { blockLink, textLink } from '@/ui/text-link';

export default function RecipientHelpPage() {
  return (
    <Page title="Recipient Help" intro={<p>How a request becomes a device in your hands.</p>}>
      <Section title="How a request works" id="how">
        <ol className="list-decimal space-y-2 pl-6">
          <li>Complete your profile and upload your ID.</li>
          <li>
            Choose one device from the{' '}
            <Link to="/recipient/catalog" className={textLink}>
              catalog
            </Link>{' '}
            and tell us in at least 20 characters how it will help you.
          </li>
          <li>Our team reviews your request, usually within a few business days. We will let you know the outcome.</li>
          <li>Once approved, your campaign is live for donors. Follow it on your Campaign Status page.</li>
          <li>When it is fully funded, we contact you to arrange collection.</li>
        </ol>
        <p>You can have one open request at a time. If a request is not approved, you may make a new one.</p>
      </Section>
      <Section title="Collecting your device in Lagos" id="collection">
        <p>All devices are collected in person at our collection centre: {COLLECTION_CENTRE}.</p>
        <p>
          Bring the original of the ID you uploaded: your National Identification Number (NIN) slip or card,
          Voter&rsquo;s Card or Driver&rsquo;s Licence. A minor, or a person without ID, may come with a parent or
          guardian who brings theirs. You may bring someone to help you; our staff will guide you at the centre and set
          up the device with you.
        </p>
      </Section>
      <Section title="Contact us" id="contact">
        <p>Questions about your request or collection? Write to us and we will answer within two business days.</p>
        <p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={blockLink}>
            Email {SUPPORT_EMAIL}
          </a>
        </p>
      </Section>
    </Page>
  );
}
