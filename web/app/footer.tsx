import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { SISTER_SITES, SOCIAL_LINKS, SUPPORT_EMAIL } from '@/lib/site';

const columns = [
  {
    title: 'About',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/#success-stories', label: 'Success Stories' },
      { to: '/supported-states', label: 'Supported States' },
      { to: '/transparency', label: 'Public Ledger' },
      { to: '/fund', label: 'The Independence Fund' },
      { to: '/help', label: 'Help Center' },
    ],
  },
  {
    title: 'Gifting',
    links: [
      { to: '/campaigns', label: 'All Campaigns' },
      { to: '/search', label: 'Search Campaigns' },
      { to: '/cart', label: 'Your Gift Bag' },
      { to: '/receipts', label: 'Get Your Receipts' },
      { to: '/organizations', label: 'For Organizations' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/your-data', label: 'Your Data' },
    ],
  },
] as const;

const footerLink =
  'inline-flex min-h-6 max-w-full items-center gap-1 [overflow-wrap:anywhere] underline-offset-4 hover:underline hover:text-orange-300';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-gray-950 text-gray-200">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">Gift of Independence</p>
          <p className="mt-2 text-gray-300">
            Give the Gift of Independence. A programme of a non-profit research centre for accessibility technology.
          </p>
          <p className="mt-3">
            <a className={footerLink} href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-base font-bold text-white">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link className={footerLink} to={l.to}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label="Our family of sites">
          <h2 className="text-base font-bold text-white">Our Family</h2>
          <ul className="mt-3 space-y-2">
            {SISTER_SITES.map((s) => (
              <li key={s.href}>
                <a className={footerLink} href={s.href} target="_blank" rel="noopener noreferrer">
                  {s.name}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-gray-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="text-sm text-gray-300">© {year} Gift of Independence. All rights reserved.</p>
          <nav aria-label="Social media">
            <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.href}>
                  <a className={footerLink} href={s.href} target="_blank" rel="noopener noreferrer">
                    {s.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
