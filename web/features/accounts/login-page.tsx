import { ArrowLeft } from 'lucide-react';
import { Island } from '@/islands/island';
import { useLinkKit } from '@/lib/link-kit';
import { blockLink } from '@/ui/text-link';
import { LoginCard } from './login-card';

/**
 * Sign in and create an account. A light page (decision 0058): the card is its one island, and the
 * rest is the server's markup.
 */
export default function LoginPage() {
  const { Link } = useLinkKit();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 dark:bg-gray-950">
      {/* This route sits outside the shared layout, so it carries its own skip link, main and live region. */}
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-brand px-4 py-3 font-semibold text-gray-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12"
      >
        <Link to="/" className={`gap-2 ${blockLink}`}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to Home
        </Link>
        <Island name="login" component={LoginCard} props={{}} />
      </main>
      <div id="route-announcer" role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
    </div>
  );
}
