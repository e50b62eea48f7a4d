import { Link } from 'react-router';
import { COLLECTION_CENTRE, PARTNERSHIPS_EMAIL, SUPPORT_EMAIL } from '@/lib/site';
import { Page, Section } from '@/ui/page';
import { blockLink, textLink } from '@/ui/text-link';

export default function OrganizationHelpPage() {
  return (
    <Page title="Organization Help" intro={<p>How organization requests work, from the catalog to collection.</p>}>
      <Section title="How a request works" id="how">
        <ol className="list-decimal space-y-2 pl-6">
          <li>Complete your organization&rsquo;s profile and upload its registration document.</li>
          <li>
            In the{' '}
            <Link to="/organization/catalog" className={textLink}>
              organization catalog
            </Link>
            , choose a product and the number of units you need, up to the limit shown on its card, and tell us why.
          </li>
          <li>Our team reviews the request. Review takes 2-3 business days.</li>
          <li>
            Once approved, donors fund the units one or several at a time. Your Campaign Status page shows the funding
            and the units funded.
          </li>
          <li>When every unit is funded, we arrange collection with you.</li>
        </ol>
        <p>Your organization can have one open request at a time.</p>
      </Section>
      <Section title="Collection" id="collection">
        <p>
          Devices are collected at our collection centre: {COLLECTION_CENTRE}. Write to our partnerships team to agree a
          date; the person collecting brings a letter on your organization&rsquo;s letterhead and their own ID.
        </p>
      </Section>
      <Section title="Contact us" id="contact">
        <p>
          <a href={`mailto:${PARTNERSHIPS_EMAIL}`} className={blockLink}>
            Partnerships: {PARTNERSHIPS_EMAIL}
          </a>
        </p>
        <p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={blockLink}>
            Support: {SUPPORT_EMAIL}
          </a>
        </p>
      </Section>
    </Page>
  );
}
