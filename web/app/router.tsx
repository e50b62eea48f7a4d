import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, Navigate, useRoutes, type Params, type RouteObject } from 'react-router';
import { parseCampaignId } from '@contract/campaign-ids';
import type { AppRole } from '@contract/roles';
import { AREA_PAGES, type AreaPageName, type RequesterKind } from '@/features/requester/area';
import { preloadQuantityStepper } from '@/ui/quantity-stepper-on-demand';
import { AppRoot } from './app-root';
import { RequireRole } from './guards';
import HomePage, { HomeSections } from './home-page';
import { lazyComponent, type Lazy } from './lazy';
import { PublicLayout } from './public-layout';
import { RouteErrorBoundary } from './route-error';
import { RouterLinkKit } from './router-link-kit';

/**
 * A route of the table below. `preload` is the code the route needs, which a navigation awaits before
 * it changes the address (web/app/navigation.tsx); `prefetch` starts the data its page shows first,
 * at the same moment, so the data and the code download side by side. `serverLoad` marks a public
 * page the server draws in its HTML (web/entry-server.tsx): what it must have, beyond the code,
 * before it renders the page, put in the page's own query cache.
 */
type AppRoute = RouteObject & {
  preload?: () => Promise<unknown>;
  prefetch?: (params: Params) => void;
  serverLoad?: (client: QueryClient, params: Params) => Promise<unknown>;
  /** Code beyond `preload` that the server's drawing of the page had (a section, a widget). */
  drawn?: (params: Params) => Promise<unknown>;
  children?: AppRoute[];
};

const nothingToLoad = () => Promise.resolve();
/** An organization campaign's address (`/campaigns/org-5`): its page asks for a number of units. */
const isOrganizationCampaign = (id: string | undefined) => parseCampaignId(id ?? '')?.kind === 'organization';
const campaignsApi = () => import('@/features/campaigns/api');
const contentApi = () => import('@/features/content/api');

type PageModule = () => Promise<{ default: ComponentType }>;

const page = (load: PageModule): AppRoute => {
  const Page = lazyComponent(load);
  return { element: <Page />, preload: Page.preload };
};

/** A lazily loaded page behind a role guard. */
const guardedPage = (roles: readonly AppRole[], load: PageModule): AppRoute => {
  const Page = lazyComponent(load);
  return {
    element: (
      <RequireRole roles={roles}>
        <Page />
      </RequireRole>
    ),
    preload: Page.preload,
  };
};

const onboardingPage = () => import('@/features/onboarding/onboarding-page');
const editOnboardingPage = () => import('@/features/onboarding/edit-onboarding-page');

const notFoundPage = () => import('@/features/content/not-found-page');

const prefetches = () => import('./prefetch');

const AreaLayout: Lazy<{ area: 'recipient' | 'organization' | 'admin' }> = lazyComponent(
  () => import('./area-layout').then((m) => ({ default: m.AreaLayout })),
  { queries: false },
);

/**
 * A signed-in area (product notes 2): the role guard, then the area's layout with its sidebar, whose pages
 * load lazily; the bare path and unknown pages inside the area have their own answers.
 */
const areaRoutes = (role: 'recipient' | 'organization' | 'admin', pages: Record<string, AppRoute>): AppRoute => ({
  path: role,
  element: (
    <RequireRole roles={[role]}>
      <AreaLayout area={role} />
    </RequireRole>
  ),
  preload: AreaLayout.preload,
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    ...Object.entries(pages).map(([path, route]) => ({ path, ...route })),
    { path: '*', ...page(notFoundPage) },
  ],
});

const adminArea = (pages: Record<string, PageModule>): AppRoute =>
  areaRoutes('admin', Object.fromEntries(Object.entries(pages).map(([path, load]) => [path, page(load)])));

type KindPage = Lazy<{ kind: RequesterKind }>;

/** The requesting kinds' pages: one component each, mounted under both areas with the kind. */
const requesterPages: Record<AreaPageName, KindPage> = {
  dashboard: lazyComponent(() => import('@/features/requester/dashboard-page')),
  catalog: lazyComponent(() => import('@/features/requester/catalog-page')),
  status: lazyComponent(() => import('@/features/requester/status-page')),
  profile: lazyComponent(() => import('@/features/requester/profile-page')),
  team: lazyComponent(() => import('@/features/requester/team-page')),
  caseworkers: lazyComponent(() => import('@/features/caseworkers/organization-caseworkers-page')),
  gifts: lazyComponent(() => import('@/features/requester/gifts-page')),
  settings: lazyComponent(() => import('@/features/requester/settings-page')),
  help: lazyComponent(() => import('@/features/requester/help-page')),
};

const requesterArea = (kind: RequesterKind): AppRoute =>
  areaRoutes(
    kind,
    Object.fromEntries(
      AREA_PAGES[kind].map((name) => {
        const Page = requesterPages[name];
        return [name, { element: <Page kind={kind} />, preload: Page.preload }];
      }),
    ),
  );

export const routes: AppRoute[] = [
  {
    element: <AppRoot />,
    children: [
      {
        path: '/',
        element: (
          <RouteErrorBoundary>
            <PublicLayout />
          </RouteErrorBoundary>
        ),
        children: [
          // The hero paints at once; the data sections below it follow.
          {
            index: true,
            element: <HomePage />,
            prefetch: () => void HomeSections.preload().catch(() => undefined),
            drawn: () => HomeSections.preload(),
            // The server draws the sections whole, with their data; one whose data it could not have
            // is drawn loading, and the browser asks for it.
            serverLoad: (client) =>
              Promise.all([HomeSections.preload(), import('./home-sections').then((m) => m.loadHomeSections(client))]),
          },
          {
            path: 'campaigns',
            ...page(() => import('@/features/campaigns/campaigns-page')),
            prefetch: () =>
              void prefetches().then(
                (p) => p.prefetchCampaignList(),
                () => undefined,
              ),
            serverLoad: (client) => campaignsApi().then((api) => api.loadAllCampaigns(client)),
          },
          {
            path: 'campaigns/:id',
            ...page(() => import('@/features/campaigns/campaign-detail-page')),
            prefetch: ({ id }) => {
              if (isOrganizationCampaign(id)) void preloadQuantityStepper().catch(() => undefined);
              void prefetches().then(
                (p) => p.prefetchCampaignPage(id),
                () => undefined,
              );
            },
            drawn: ({ id }) => (isOrganizationCampaign(id) ? preloadQuantityStepper() : Promise.resolve()),
            serverLoad: (client, { id }) =>
              Promise.all([
                campaignsApi().then((api) => api.loadCampaignPage(client, id)),
                isOrganizationCampaign(id) ? preloadQuantityStepper() : null,
              ]),
          },
          // Drawn at its bare address only: with a query the browser draws it (server/http/page-html.ts).
          { path: 'search', ...page(() => import('@/features/campaigns/search-page')), serverLoad: nothingToLoad },
          { path: 'about', ...page(() => import('@/features/content/about-page')), serverLoad: nothingToLoad },
          {
            path: 'how-it-works',
            ...page(() => import('@/features/content/how-it-works-page')),
            serverLoad: nothingToLoad,
          },
          { path: 'help', ...page(() => import('@/features/content/help-page')), serverLoad: nothingToLoad },
          {
            path: 'supported-states',
            ...page(() => import('@/features/content/supported-states-page')),
            serverLoad: nothingToLoad,
          },
          {
            path: 'transparency',
            ...page(() => import('@/features/content/transparency-page')),
            serverLoad: (client) => contentApi().then((api) => api.loadTransparency(client)),
          },
          {
            path: 'fund',
            ...page(() => import('@/features/content/fund-page')),
            serverLoad: (client) => contentApi().then((api) => api.loadFund(client)),
          },
          {
            path: 'organizations',
            ...page(() => import('@/features/content/organizations-page')),
            serverLoad: nothingToLoad,
          },
          {
            path: 'terms-of-service',
            ...page(() => import('@/features/content/terms-page')),
            serverLoad: nothingToLoad,
          },
          {
            path: 'privacy-policy',
            ...page(() => import('@/features/content/privacy-page')),
            serverLoad: nothingToLoad,
          },
          {
            path: 'fundraisers/:slug',
            ...page(() => import('@/features/fundraisers/fundraiser-page')),
            serverLoad: (client, { slug }) =>
              import('@/features/fundraisers/load-page').then((m) => m.loadFundraiserPage(client, slug)),
          },
          { path: 'cart', ...page(() => import('@/features/giving/gift-bag-page')) },
          { path: 'checkout', ...page(() => import('@/features/giving/checkout-page')) },
          { path: 'checkout/success', ...page(() => import('@/features/giving/checkout-success-page')) },
          { path: 'receipts', ...page(() => import('@/features/giving/receipts-page')), serverLoad: nothingToLoad },
          { path: 'your-data', ...page(() => import('@/features/privacy/your-data-page')) },
          { path: 'your-data/:kind/:token', ...page(() => import('@/features/privacy/guest-link-page')) },
          { path: 'account/erase/:token', ...page(() => import('@/features/privacy/erase-account-page')) },
          { path: 'donate/:campaignId', ...page(() => import('@/features/giving/donate-page')) },
          { path: 'give-monthly', ...page(() => import('@/features/giving/give-monthly-page')) },
          { path: 'giving/monthly', ...page(() => import('@/features/giving/guest-monthly-page')) },
          { path: 'forgot-password', ...page(() => import('@/features/accounts/forgot-password-page')) },
          { path: 'set-password', ...page(() => import('@/features/accounts/set-password-page')) },
          { path: 'reset-password/:token', ...page(() => import('@/features/accounts/reset-password-page')) },
          // The contact form lives in the Help Center.
          { path: 'contact', element: <Navigate to="/help#contact" replace /> },
          { path: 'donor', element: <Navigate to="/donor/gifts" replace /> },
          { path: 'donor/account', ...guardedPage(['donor'], () => import('@/features/donor/account-page')) },
          {
            path: 'account/security',
            ...guardedPage(
              ['recipient', 'donor', 'organization', 'caseworker', 'admin'],
              () => import('@/features/accounts/security/security-page'),
            ),
          },
          { path: 'donor/gifts', ...guardedPage(['donor'], () => import('@/features/donor/gifts-page')) },
          { path: 'donor/giving', ...guardedPage(['donor'], () => import('@/features/giving/donor-monthly-page')) },
          {
            path: 'donor/fundraisers',
            ...guardedPage(['donor'], () => import('@/features/fundraisers/my-fundraisers-page')),
          },
          {
            path: 'donor/fundraisers/new',
            ...guardedPage(['donor'], () => import('@/features/fundraisers/start-fundraiser-page')),
          },
          { path: 'onboarding', ...guardedPage(['recipient', 'organization'], onboardingPage) },
          { path: 'onboarding/edit', ...guardedPage(['recipient', 'organization'], editOnboardingPage) },
          { path: 'organization/onboarding', ...guardedPage(['organization'], onboardingPage) },
          { path: 'caseworker/join/:token', ...page(() => import('@/features/caseworkers/join-page')) },
          { path: 'join/:token', ...page(() => import('@/features/accounts/join-team-page')) },
          { path: 'caseworker', ...guardedPage(['caseworker'], () => import('@/features/caseworkers/helped-page')) },
          {
            path: 'caseworker/apply',
            ...guardedPage(['caseworker'], () => import('@/features/caseworkers/apply-page')),
          },
          requesterArea('recipient'),
          requesterArea('organization'),
          adminArea({
            dashboard: () => import('@/features/admin/dashboard-page'),
            campaigns: () => import('@/features/admin/campaigns/campaigns-page'),
            organizations: () => import('@/features/admin/campaigns/organizations-page'),
            'organizations/:orgId/campaigns': () => import('@/features/admin/campaigns/organizations-page'),
            audit: () => import('@/features/admin/audit/audit-page'),
            payments: () => import('@/features/admin/money-desk/payments-page'),
            'payments/attention': () => import('@/features/admin/money-desk/attention-page'),
            'payments/:reference': () => import('@/features/admin/money-desk/payment-detail-page'),
            jobs: () => import('@/features/admin/money-desk/jobs-page'),
            matches: () => import('@/features/admin/matches/matches-page'),
            onboarding: () => import('@/features/admin/onboarding/onboarding-queue-page'),
            updates: () => import('@/features/admin/content/updates-page'),
            messages: () => import('@/features/admin/content/support-messages-page'),
            'onboarding/:submissionId': () => import('@/features/admin/onboarding/onboarding-review-page'),
            products: () => import('@/features/admin/catalog/products-page'),
            'organizations/:orgId/products': () => import('@/features/admin/catalog/organization-products-page'),
            users: () => import('@/features/admin/people/users-page'),
            'users/:userId/history': () => import('@/features/admin/people/user-history-page'),
            'success-stories': () => import('@/features/admin/content/stories-page'),
            stats: () => import('@/features/admin/content/stats-page'),
            collections: () => import('@/features/admin/collections/collections-page'),
            callbacks: () => import('@/features/admin/callbacks/callbacks-page'),
          }),
          { path: '*', ...page(notFoundPage) },
        ],
      },
      (() => {
        const login = page(() => import('@/features/accounts/login-page'));
        return {
          path: '/login',
          preload: login.preload,
          serverLoad: nothingToLoad,
          element: <RouteErrorBoundary>{login.element}</RouteErrorBoundary>,
        };
      })(),
    ],
  },
];

/**
 * Gets an address ready to show: starts the data its page shows first and resolves once the code of
 * every route it matches has loaded (or failed to).
 */
export function prepareRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const { route, params } of matches) (route as AppRoute).prefetch?.(params);
  return Promise.all(matches.map(({ route }) => (route as AppRoute).preload?.()));
}

/**
 * What the app awaits before it draws a page the server drew, in place (a light page handing over,
 * decision 0058), or one the visitor returns to by back or forward: the page's code as for a
 * navigation, and what else the drawing had, so the page is drawn as the server drew it, with no
 * section missing while its code arrives.
 */
export function prepareDrawnPage(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all([
    prepareRoute(pathname),
    ...matches.map(({ route, params }) => (route as AppRoute).drawn?.(params)),
  ]);
}

/**
 * For the server (web/entry-server.tsx): whether the page at an address is one it draws, and if so its
 * code and its `serverLoad` data, put in `client`. Resolves false for any other page, and rejects
 * when the code or the data could not be had.
 */
export async function loadForServer(pathname: string, client: QueryClient): Promise<boolean> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const page = matches[matches.length - 1]?.route as AppRoute | undefined;
  if (!page?.serverLoad) return false;
  await Promise.all([
    ...matches.map(({ route }) => (route as AppRoute).preload?.()),
    ...matches.map(({ route, params }) => (route as AppRoute).serverLoad?.(client, params)),
  ]);
  return true;
}

/** The route table, rendered for the current address (React Router's declarative mode). */
export function AppRoutes() {
  return <RouterLinkKit>{useRoutes(routes)}</RouterLinkKit>;
}
