import { Gift, Menu, Moon, Search, Sun, Volume2, VolumeX, X } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { itemCount, useGiftBag } from '@/lib/gift-bag';
import { useDisclosure } from '@/lib/disclosure';
import { useLinkKit } from '@/lib/link-kit';
import { SETTINGS_KEYS, prefersDark, useBooleanSetting } from '@/lib/settings';
import { useSession } from '@/lib/session';
import { SUPPORT_EMAIL } from '@/lib/site';

import { buttonClass } from '@/ui/button';
import { lazyComponent } from './lazy';

// Only signed-in people need these, so their code loads only then; the bell's with the query client.
const AccountMenu = lazyComponent(() => import('./account-menu'), { queries: false });
const NotificationBell = lazyComponent(() => import('./notification-bell'));

const navItems = [
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/#success-stories', label: 'Success Stories' },
  { to: '/about', label: 'About Us' },
  { to: '/search', label: 'Search', icon: Search },
] as const;

const toggleClass =
  'inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md px-2 text-sm hover:bg-gray-800 aria-pressed:bg-gray-800 cursor-pointer';

function TopBar() {
  const [dark, setDark, darkKnown] = useBooleanSetting(SETTINGS_KEYS.darkMode, prefersDark);
  const [sound, setSound] = useBooleanSetting(SETTINGS_KEYS.soundEnabled, () => false);
  const session = useSession();

  // The theme script (public/theme-init.js) set the class before the first paint; this follows changes.
  useEffect(() => {
    if (darkKnown) document.documentElement.classList.toggle('dark', dark);
  }, [dark, darkKnown]);

  return (
    <div className="bg-gray-950 text-gray-100">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-1 sm:px-6 lg:px-8">
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-sm underline hover:text-orange-300">
          <span className="sr-only">Email us at </span>
          {SUPPORT_EMAIL}
        </a>
        <div className="flex items-center gap-1">
          {session.status === 'signedIn' ? (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <button type="button" aria-pressed={sound} onClick={() => setSound(!sound)} className={toggleClass}>
            {sound ? (
              <Volume2 aria-hidden="true" className="size-4" />
            ) : (
              <VolumeX aria-hidden="true" className="size-4" />
            )}
            <span>Page sounds</span>
          </button>
          <button type="button" aria-pressed={dark} onClick={() => setDark(!dark)} className={toggleClass}>
            {dark ? <Moon aria-hidden="true" className="size-4" /> : <Sun aria-hidden="true" className="size-4" />}
            <span>Dark mode</span>
          </button>
        </div>
      </div>
    </div>
  );
}

function GiftBagLink() {
  const { NavLink } = useLinkKit();
  const count = itemCount(useGiftBag());
  const label = `Gift bag, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <NavLink
      to="/cart"
      aria-label={label}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-gray-100 dark:hover:bg-gray-800"
    >
      <Gift aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        data-testid="cart-count"
        className="absolute -top-1 -right-1 min-w-6 rounded-full bg-gray-950 px-1.5 text-center text-xs leading-6 font-bold text-white dark:bg-orange-300 dark:text-gray-950"
      >
        {count}
      </span>
    </NavLink>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-lg px-3 font-medium hover:bg-gray-100 dark:hover:bg-gray-800 ${
    isActive ? 'underline decoration-brand decoration-3' : ''
  }`;

export function Header() {
  const { Link, NavLink } = useLinkKit();
  const session = useSession();
  const [solid, setSolid] = useState(false);
  const { open: menuOpen, id: menuId, onKeyDown: closeOnEscape, buttonProps } = useDisclosure();

  useEffect(() => {
    const onScroll = () => setSolid(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const links = (
    <>
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={item.to.includes('#') ? () => linkClass({ isActive: false }) : linkClass}
            end
          >
            {'icon' in item ? <item.icon aria-hidden="true" className="size-4" /> : null}
            {item.label}
          </NavLink>
        </li>
      ))}
      {session.status === 'signedIn' ? null : (
        <li>
          <NavLink to="/login" className={linkClass}>
            Sign In
          </NavLink>
        </li>
      )}
    </>
  );

  return (
    // Sticky only where there is room for it: at 400% zoom or on a phone it would take a large share of the screen (WCAG 1.4.10).
    <header
      data-solid={solid}
      onKeyDown={closeOnEscape}
      className={`relative z-40 transition-colors roomy:sticky roomy:top-0 ${
        solid ? 'bg-white shadow-md dark:bg-gray-900' : 'bg-transparent'
      }`}
    >
      <TopBar />
      {/* When the controls cannot share a line with the name (signed in on a narrow phone, wider text spacing), they wrap below it. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-3 py-2 sm:gap-3 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg text-base leading-tight font-bold sm:text-lg"
        >
          <img src="/favicon.svg" alt="" className="size-8 shrink-0" width="32" height="32" />
          {/* On the narrowest phones the name wraps at each word, as narrow as its longest word, rather than push the menu off screen. */}
          <span className="w-min min-[400px]:w-auto">Gift of Independence</span>
        </Link>
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">{links}</ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {session.status === 'signedIn' ? (
            <Suspense fallback={null}>
              <AccountMenu user={session.user} />
            </Suspense>
          ) : null}
          <GiftBagLink />
          <span className="hidden xl:block">
            <Link to="/login" state={{ defaultTab: 'signup' }} className={buttonClass('primary')}>
              Start a Gift Campaign
            </Link>
          </span>
          <button
            {...buttonProps}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-gray-100 xl:hidden dark:hover:bg-gray-800"
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Main"
        hidden={!menuOpen}
        className="border-t border-gray-200 bg-white px-4 pb-4 xl:hidden dark:border-gray-800 dark:bg-gray-900"
      >
        <ul className="flex flex-col gap-1 pt-2">
          {links}
          <li>
            <Link to="/login" state={{ defaultTab: 'signup' }} className={buttonClass('primary', 'mt-2 w-full')}>
              Start a Gift Campaign
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
