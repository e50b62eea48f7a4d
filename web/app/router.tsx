import type { ComponentType, ReactNode } from 'react';
import { matchRoutes, Navigate, useRoutes, type Params, type RouteObject } from 'react-router';
import type { AppRole } from '@contract/roles';
import { AppRoot } from './app-root';
import { DonorAccountPage } from './area-pages';
import { RequireRole } from './guards';
import HomePage, { HomeSections } from './home-page';
import { lazyComponent, type Lazy } from './lazy';
import { PublicLayout } from './public-layout';
import { RouteErrorBoundary } from './route-error';

/**
 * A route of the table below. `preload` is the code the route needs, which a navigation awaits before
 * it changes the address (web/app/navigation.tsx); `prefetch` starts the data its page shows first,
 * at the same moment, so the data and the code download side by side.
 */
type AppRoute = RouteObject & {
  preload?: () => Promise<unknown>;
  prefetch?: (params: Params) => void;
  children?: AppRoute[];
};

type PageModule = () => Promise<{ default: ComponentType }>;

const page = (load: PageModule): AppRoute => {
  const Page = lazyComponent(load);
  return { element: <Page />, preload: Page.preload };
};

const guarded = (roles: readonly AppRole[], element: ReactNode): AppRoute => ({
  element: <RequireRole roles={roles}>{element}</RequireRole>,
});

/** A lazily loaded page behind a role guard. */
const guardedPage = (roles: readonly AppRole[], load: PageModule): AppRoute => {
  const Page = lazyComponent(load);
  return { element: <RequireRole roles={roles}><Page /></RequireRole>, preload: Page.preload };
};

const onboardingPage = () => import('@/features/onboarding/onboarding-page');

const notFoundPage = () => import('@/features/content/not-found-page');

const prefetches = () => import('./prefetch');

const AreaLayout: Lazy<{ area: 'recipient' | 'organization' | 'admin' }> = lazyComponent(
  () => import('./area-layout').then((m) => ({ default: m.AreaLayout })),
  { queries: false },
);

/**
 * A signed-in area (spec 2): the role guard, then the area's layout with its sidebar, whose pages
 * load lazily; the bare path and unknown pages inside the area have their own answers.
 */
const areaRoutes = (role: 'recipient' | 'organization' | 'admin', pages: Record<string, PageModule>): AppRoute => ({
  path: role,
  element: <RequireRole roles={[role]}><AreaLayout area={role} /></RequireRole>,
  preload: AreaLayout.preload,
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    ...Object.entries(pages).map(([path, load]) => ({ path, ...page(load) })),
    { path: '*', ...page(notFoundPage) },
  ],
});

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
          { index: true, element: <HomePage />, prefetch: () => void HomeSections.preload().catch(() => undefined) },
          {
            path: 'campaigns',
            ...page(() => import('@/features/campaigns/campaigns-page')),
            prefetch: () => void prefetches().then((p) => p.prefetchCampaignList(), () => undefined),
          },
          {
            path: 'campaigns/:id',
            ...page(() => import('@/features/campaigns/campaign-detail-page')),
            prefetch: ({ id }) => void prefetches().then((p) => p.prefetchCampaignPage(id), () => undefined),
          },
          { path: 'search', ...page(() => import('@/features/campaigns/search-page')) },
          { path: 'about', ...page(() => import('@/features/content/about-page')) },
          { path: 'how-it-works', ...page(() => import('@/features/content/how-it-works-page')) },
          { path: 'help', ...page(() => import('@/features/content/help-page')) },
          { path: 'supported-states', ...page(() => import('@/features/content/supported-states-page')) },
          { path: 'organizations', ...page(() => import('@/features/content/organizations-page')) },
          { path: 'terms-of-service', ...page(() => import('@/features/content/terms-page')) },
          { path: 'privacy-policy', ...page(() => import('@/features/content/privacy-page')) },
          { path: 'cart', ...page(() => import('@/features/giving/cart-page')) },
          { path: 'checkout', ...page(() => import('@/features/giving/checkout-page')) },
          { path: 'checkout/success', ...page(() => import('@/features/giving/checkout-success-page')) },
          { path: 'donate/:campaignId', ...page(() => import('@/features/giving/donate-page')) },
          { path: 'forgot-password', ...page(() => import('@/features/accounts/forgot-password-page')) },
          { path: 'set-password', ...page(() => import('@/features/accounts/set-password-page')) },
          { path: 'reset-password/:token', ...page(() => import('@/features/accounts/reset-password-page')) },
          // The contact form lives in the Help Center.
          { path: 'contact', element: <Navigate to="/help#contact" replace /> },
          { path: 'donor', element: <Navigate to="/donor/gifts" replace /> },
          { path: 'donor/account', ...guarded(['donor'], <DonorAccountPage />) },
          { path: 'donor/gifts', ...guardedPage(['donor'], () => import('@/features/donor/gifts-page')) },
          { path: 'onboarding', ...guardedPage(['recipient', 'organization'], onboardingPage) },
          { path: 'organization/onboarding', ...guardedPage(['organization'], onboardingPage) },
          areaRoutes('recipient', {
            dashboard: () => import('@/features/recipient/dashboard-page'),
            catalog: () => import('@/features/recipient/catalog-page'),
            status: () => import('@/features/recipient/status-page'),
            profile: () => import('@/features/onboarding/profile-pages').then((m) => ({ default: m.RecipientProfilePage })),
            settings: () => import('@/features/recipient/settings-page'),
            help: () => import('@/features/recipient/help-page'),
          }),
          areaRoutes('organization', {
            dashboard: () => import('@/features/organization/dashboard-page'),
            catalog: () => import('@/features/organization/catalog-page'),
            status: () => import('@/features/organization/status-page'),
            profile: () => import('@/features/onboarding/profile-pages').then((m) => ({ default: m.OrganizationProfilePage })),
            team: () => import('@/features/organization/team-page'),
            settings: () => import('@/features/organization/settings-page'),
            help: () => import('@/features/organization/help-page'),
          }),
          areaRoutes('admin', {
            dashboard: () => import('@/features/admin/dashboard-page'),
            campaigns: () => import('@/features/admin/campaigns-page'),
            organizations: () => import('@/features/admin/organizations-page'),
            'organizations/:orgId/campaigns': () => import('@/features/admin/organizations-page'),
            audit: () => import('@/features/admin/audit-page'),
            products: () => import('@/features/admin/products-page'),
            'organizations/:orgId/products': () => import('@/features/admin/organization-products-page'),
            users: () => import('@/features/admin/users-page'),
            'users/:userId/history': () => import('@/features/admin/user-history-page'),
            'success-stories': () => import('@/features/admin/stories-page'),
            stats: () => import('@/features/admin/stats-page'),
          }),
          { path: '*', ...page(notFoundPage) },
        ],
      },
      (() => {
        const login = page(() => import('@/features/accounts/login-page'));
        return { path: '/login', preload: login.preload, element: <RouteErrorBoundary>{login.element}</RouteErrorBoundary> };
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

/** The route table, rendered for the current address (React Router's declarative mode). */
export function AppRoutes() {
  return useRoutes(routes);
}
