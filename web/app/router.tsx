import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { AppRole } from '@contract/roles';
import { prefetchAllCampaigns, prefetchCampaign } from '@/features/campaigns/api';
import { AppRoot } from './app-root';
import { DonorAccountPage } from './area-pages';
import { RequireRole } from './guards';
import HomePage from './home-page';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';

const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const guarded = (roles: readonly AppRole[], element: ReactNode) => ({
  element: <RequireRole roles={roles}>{element}</RequireRole>,
});

/** A lazily loaded page behind a role guard. */
const guardedPage = (roles: readonly AppRole[], load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Page = (await load()).default;
    return { element: <RequireRole roles={roles}><Page /></RequireRole> };
  },
});

const onboardingPage = () => import('@/features/onboarding/onboarding-page');

const notFoundPage = () => import('@/features/content/not-found-page');

/**
 * A signed-in area (spec 2): the role guard, then the area's layout with its sidebar, whose pages
 * load lazily; the bare path and unknown pages inside the area have their own answers.
 */
const areaRoutes = (role: 'recipient' | 'organization' | 'admin', pages: Record<string, () => Promise<{ default: ComponentType }>>): RouteObject => ({
  path: role,
  lazy: async () => {
    const { AreaLayout } = await import('./area-layout');
    return { element: <RequireRole roles={[role]}><AreaLayout area={role} /></RequireRole> };
  },
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    ...Object.entries(pages).map(([path, load]) => ({ path, ...page(load) })),
    { path: '*', ...page(notFoundPage) },
  ],
});

const layoutRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    Component: PublicLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomePage },
      // A loader beside a lazy page runs while the page's code downloads: the data is requested at once.
      {
        path: 'campaigns',
        ...page(() => import('@/features/campaigns/campaigns-page')),
        loader: () => {
          prefetchAllCampaigns(queryClient);
          return null;
        },
      },
      {
        path: 'campaigns/:id',
        ...page(() => import('@/features/campaigns/campaign-detail-page')),
        loader: ({ params }) => {
          prefetchCampaign(queryClient, params.id);
          return null;
        },
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
  { path: '/login', ...page(() => import('@/features/accounts/login-page')), errorElement: <RouteError /> },
];

export const routes = (queryClient: QueryClient): RouteObject[] => [{ Component: AppRoot, children: layoutRoutes(queryClient) }];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(routes(queryClient));
}
