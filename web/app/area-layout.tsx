import {
  Banknote,
  BarChart3,
  BookOpen,
  CalendarClock,
  PhoneCall,
  Boxes,
  Building2,
  ClipboardList,
  FileCheck,
  Handshake,
  History,
  LayoutDashboard,
  ListRestart,
  Menu,
  Newspaper,
  MessageSquareQuote,
  Package,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { areaPath, type RequesterKind } from '@/features/requester/area';
import { areaPages, KINDS } from '@/features/requester/kinds';
import type { SessionUser } from '@contract/auth';
import { useDisclosure } from '@/lib/disclosure';
import { useSession } from '@/lib/session';

type AreaLink = { to: string; label: string; icon: LucideIcon };
type Area = { label: string; links: AreaLink[] };

/**
 * A requesting kind's area: its pages as the kind names them, and for a member of an organization
 * only those their role may use (docs/decisions/0075).
 */
const requesterArea = (kind: RequesterKind, user?: SessionUser | null): Area => ({
  label: KINDS[kind].areaLabel,
  links: areaPages(kind, user).map(({ page, menu, icon }) => ({ to: areaPath(kind, page), label: menu, icon })),
});

export const AREAS = {
  recipient: requesterArea('recipient'),
  organization: requesterArea('organization'),
  admin: {
    label: 'Admin area',
    links: [
      { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/admin/campaigns', label: 'Campaigns', icon: ClipboardList },
      { to: '/admin/onboarding', label: 'Onboarding reviews', icon: FileCheck },
      { to: '/admin/updates', label: 'Campaign updates', icon: Newspaper },
      { to: '/admin/messages', label: 'Words of support', icon: MessageSquareQuote },
      { to: '/admin/collections', label: 'Collections', icon: CalendarClock },
      { to: '/admin/callbacks', label: 'Call backs', icon: PhoneCall },
      { to: '/admin/organizations', label: 'Organizations', icon: Building2 },
      { to: '/admin/products', label: 'Products', icon: Package },
      { to: '/admin/organizations/all/products', label: 'Organization Products', icon: Boxes },
      { to: '/admin/users', label: 'Users', icon: Users },
      { to: '/admin/success-stories', label: 'Success Stories', icon: BookOpen },
      { to: '/admin/stats', label: 'Site Statistics', icon: BarChart3 },
      { to: '/admin/payments', label: 'Payments', icon: Banknote },
      { to: '/admin/matches', label: 'Match pools', icon: Handshake },
      { to: '/admin/jobs', label: 'Background jobs', icon: ListRestart },
      { to: '/admin/audit', label: 'Audit Log', icon: History },
    ],
  },
} satisfies Record<string, Area>;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-base ${
    isActive
      ? 'bg-orange-50 font-bold text-gray-950 underline decoration-2 underline-offset-4 dark:bg-gray-800 dark:text-white'
      : 'font-medium text-gray-800 hover:bg-gray-100 hover:underline dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/**
 * A signed-in area: its own navigation beside the page, and below 768 px a disclosure button that
 * shows and hides it (product notes 9). The current page is marked for screen readers (aria-current). The
 * pages keep their own titles and headings; the route announcer and focus on the heading come from
 * each page.
 */
export function AreaLayout({ area }: { area: keyof typeof AREAS }) {
  const { user } = useSession();
  const { label, links } = area === 'admin' ? AREAS.admin : requesterArea(area, user);
  const { open, id: listId, onKeyDown, buttonProps } = useDisclosure();

  return (
    <div className="mx-auto w-full max-w-7xl md:flex md:gap-2 md:px-4 lg:px-6">
      <nav
        aria-label={label}
        onKeyDown={onKeyDown}
        className="border-b border-gray-200 px-4 pt-4 md:w-60 md:shrink-0 md:border-r md:border-b-0 md:px-0 md:pt-10 md:pr-3 dark:border-gray-800"
      >
        <button
          {...buttonProps}
          className="mb-4 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-gray-700 px-3 py-2 font-semibold md:hidden dark:border-gray-300"
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          {label} menu
        </button>
        <ul id={listId} className={`${open ? 'flex' : 'hidden'} flex-col gap-1 pb-4 md:flex`}>
          {links.map(({ to, label: text, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className={linkClass} end>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
