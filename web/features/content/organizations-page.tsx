import { Hourglass, School, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/ui/button';
import { Page, Section } from '@/ui/page';
import { PARTNERSHIPS_EMAIL } from '@/lib/site';
import { BulletList } from './prose';
import { textLink } from '@/ui/text-link';

export default function OrganizationsPage() {
  return (
    <Page title="Organizations">
      <p className="inline-flex items-center gap-2 rounded-full border-2 border-brand-dark px-4 py-2 text-2xl font-bold text-brand-dark dark:border-orange-300 dark:text-orange-300">
        <Hourglass aria-hidden="true" className="size-6" />
        Coming Soon
      </p>
      <p className="mt-4 text-lg text-gray-800 dark:text-gray-200">
        We are building a dedicated space for organizations that serve blind and visually impaired people.
      </p>

      <div className="mt-10">
        <Section title="What organizations will be able to do" id="plans">
          <div className="flex gap-3">
            <School aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-dark dark:text-orange-300" />
            <p>
              Schools, libraries and training centres will be able to request several units of a device in one campaign,
              so a whole class or resource room can be equipped at once.
            </p>
          </div>
          <BulletList>
            <li>Request several units of a device from our organization catalogue.</li>
            <li>Let donors fund as many units as they choose, with progress shown to everyone.</li>
            <li>Collect funded devices in person at our collection centre in Lagos.</li>
          </BulletList>
        </Section>

        <Section title="Get Started Now" id="start">
          <div className="flex gap-3">
            <Users aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-dark dark:text-orange-300" />
            <p>You can already create an organization account and complete your profile.</p>
          </div>
          <p>
            <Link to="/login" state={{ defaultTab: 'signup', role: 'organization' }} className={buttonClass('primary')}>
              Create an Organization Account
            </Link>
          </p>
          <p>
            To discuss a partnership, email our partnerships team at{' '}
            <a href={`mailto:${PARTNERSHIPS_EMAIL}`} className={textLink}>
              {PARTNERSHIPS_EMAIL}
            </a>
            .
          </p>
        </Section>
      </div>
    </Page>
  );
}
