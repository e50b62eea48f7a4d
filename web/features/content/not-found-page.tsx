import { House, Search } from 'lucide-react';
import { Link } from 'react-router';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { textLink } from '@/ui/text-link';

export default function NotFoundPage() {
  return (
    <Page
      title="Page Not Found"
      intro={<p>Sorry, we could not find that page. It may have moved, or the address may be mistyped.</p>}
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <LinkButton to="/">
          <House aria-hidden="true" className="size-5" />
          Go to the Home Page
        </LinkButton>
        <LinkButton to="/campaigns" variant="secondary">
          <Search aria-hidden="true" className="size-5" />
          Browse Campaigns
        </LinkButton>
      </div>
      <p className="mt-8 text-lg text-gray-800 dark:text-gray-200">
        Need a hand? Visit our{' '}
        <Link to="/help" className={textLink}>
          Help Center
        </Link>
        .
      </p>
    </Page>
  );
}
