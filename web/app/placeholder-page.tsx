import { Link } from 'react-router';
import { Page } from '@/ui/page';

/** Stands in for a screen that is not open yet, so links to it never dead-end. */
export function PlaceholderPage({ title, text }: { title: string; text: string }) {
  return (
    <Page title={title}>
      <p className="text-lg">{text}</p>
      <p className="mt-6">
        <Link to="/campaigns" className="font-semibold underline">
          Browse campaigns
        </Link>
      </p>
    </Page>
  );
}
