import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { AppRole } from '@contract/auth';
import { AppRoot } from './app-root';
import { AreaPlaceholder, DonorAccountPage } from './area-pages';
import { RequireRole } from './guards';
import HomePage from './home-page';
import { PlaceholderPage } from './placeholder-page';
import { PublicLayout } from './public-layout';
import { RouteError } from './route-error';

const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const placeholder = (title: string, text: string) => ({
  Component: () => <PlaceholderPage title={title} text={text} />,
});

const guarded = (roles: readonly AppRole[], element: ReactNode) => ({
  element: <RequireRole roles={roles}>{element}</RequireRole>,
});

const area = (roles: readonly AppRole[], title: string, text: string) => guarded(roles, <AreaPlaceholder title={title} text={text} />);

const layoutRoutes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: HomePage },
      { path: 'campaigns', ...page(() => import('@/features/campaigns/campaigns-page')) },
      { path: 'campaigns/:id', ...page(() => import('@/features/campaigns/campaign-detail-page')) },
      { path: 'search', ...page(() => import('@/features/campaigns/search-page')) },
      { path: 'about', ...page(() => import('@/features/content/about-page')) },
      { path: 'how-it-works', ...page(() => import('@/features/content/how-it-works-page')) },
      { path: 'help', ...page(() => import('@/features/content/help-page')) },
      { path: 'supported-states', ...page(() => import('@/features/content/supported-states-page')) },
      { path: 'organizations', ...page(() => import('@/features/content/organizations-page')) },
      { path: 'terms-of-service', ...page(() => import('@/features/content/terms-page')) },
      { path: 'privacy-policy', ...page(() => import('@/features/content/privacy-page')) },
      { path: 'cart', ...placeholder('Your Gift Bag', 'Your gift bag opens soon.') },
      { path: 'checkout', ...placeholder('Checkout', 'Checkout opens soon.') },
      { path: 'checkout/success', ...placeholder('Thank You', 'Thank you for your gift.') },
      { path: 'donate/:campaignId', ...placeholder('Give to This Campaign', 'Giving opens soon.') },
      { path: 'forgot-password', ...page(() => import('@/features/accounts/forgot-password-page')) },
      { path: 'reset-password/:token', ...page(() => import('@/features/accounts/reset-password-page')) },
      { path: 'donor', element: <Navigate to="/donor/gifts" replace /> },
      { path: 'donor/account', ...guarded(['donor'], <DonorAccountPage />) },
      { path: 'donor/gifts', ...area(['donor'], 'My Gifts', 'Your gifting history will appear here.') },
      { path: 'onboarding', ...area(['recipient', 'organization'], 'Complete Your Profile', 'Onboarding opens soon.') },
      { path: 'recipient', element: <Navigate to="/recipient/dashboard" replace /> },
      { path: 'recipient/*', ...area(['recipient'], 'Recipient Dashboard', 'Your recipient area opens soon.') },
      { path: 'organization', element: <Navigate to="/organization/dashboard" replace /> },
      { path: 'organization/*', ...area(['organization'], 'Organization Dashboard', 'Your organization area opens soon.') },
      { path: 'admin', element: <Navigate to="/admin/dashboard" replace /> },
      { path: 'admin/*', ...area(['admin'], 'Admin Dashboard', 'The admin area opens soon.') },
      { path: '*', ...page(() => import('@/features/content/not-found-page')) },
    ],
  },
  { path: '/login', ...page(() => import('@/features/accounts/login-page')), errorElement: <RouteError /> },
];

export const routes: RouteObject[] = [{ Component: AppRoot, children: layoutRoutes }];

export function createRouter() {
  return createBrowserRouter(routes);
}
