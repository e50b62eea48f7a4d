import { IdCard, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { Page, Section } from '@/ui/page';
import { COLLECTION_CENTRE, SUPPORT_EMAIL } from '@/lib/site';
import { BulletList, SubHeading } from './prose';
import { textLink } from '@/ui/text-link';

const PRIMARY_STATES = ['Lagos', 'Ogun', 'Oyo'];
const OTHER_STATES = ['Osun', 'Ekiti', 'Ondo', 'Kwara', 'Delta', 'Edo'];

export default function SupportedStatesPage() {
  return (
    <Page
      title="Supported States and Pickup Policy"
      intro={<p>Where we support recipients, and how funded devices are collected.</p>}
    >
      <Section title="Supported States" id="states">
        <p>We welcome requests from across Nigeria. Our work is focused on the South West.</p>
        <SubHeading>Primary support states</SubHeading>
        <BulletList>
          {PRIMARY_STATES.map((state) => (
            <li key={state}>{state}</li>
          ))}
        </BulletList>
        <SubHeading>Other states we support</SubHeading>
        <BulletList>
          {OTHER_STATES.map((state) => (
            <li key={state}>{state}</li>
          ))}
          <li>and more</li>
        </BulletList>
        <p>
          Whichever state you live in, pickup takes place in Lagos, so please plan your journey before you start a
          campaign.
        </p>
      </Section>

      <Section title="Pickup Policy" id="pickup">
        <BulletList>
          <li>All pickup is in person. We do not deliver devices by post or courier.</li>
          <li>Devices are collected only at our collection centre in Lagos.</li>
          <li>
            The recipient must bring their original ID, the same ID used to verify the request. Copies and photos are
            not accepted.
          </li>
          <li>We record a short thank-you video at collection, so the donor can see their gift arrive.</li>
        </BulletList>
        <div className="flex gap-3 rounded-xl border-2 border-gray-300 bg-gray-50 p-5 dark:border-gray-700 dark:bg-gray-900">
          <MapPin aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-dark dark:text-orange-300" />
          <div>
            <SubHeading>Collection centre</SubHeading>
            <address className="mt-1 not-italic">{COLLECTION_CENTRE}</address>
          </div>
        </div>
      </Section>

      <Section title="Identification" id="identification">
        <div className="flex gap-3">
          <IdCard aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-dark dark:text-orange-300" />
          <p>Every request is verified with an ID document. If you do not have one of your own, these options apply:</p>
        </div>
        <BulletList>
          <li>
            A minor, or a person without ID, may upload a parent or guardian&rsquo;s ID. The parent or guardian brings
            the same original ID to pickup.
          </li>
          <li>
            An organization older than 50 years that has no registration papers may upload a letter of consent instead.
          </li>
        </BulletList>
        <p>
          Not sure what applies to you? Visit our{' '}
          <Link to="/help" className={textLink}>
            Help Center
          </Link>{' '}
          or email{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={textLink}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </Section>
    </Page>
  );
}
