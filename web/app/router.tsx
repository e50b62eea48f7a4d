import type { ComponentType } from 'react';
import { createBrowserRouter, Link, type RouteObject } from 'react-router';
import { usePageTitle } from '@/lib/page';
import HomePage from './home-page';
import { PlaceholderPage } from './placeholder-page';
import { PublicLayout, RouteAnnouncer, SkipLink } from './public-layout';
import { RouteError } from './route-error';

const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const placeholder = (title: string, text: string) => ({
  Component: () => <PlaceholderPage title={title} text={text} />,
});

function LoginPlaceholder() {
  usePageTitle('Sign In');
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-md flex-1 px-4 py-16 focus:outline-none">
        <Link to="/" className="font-semibold underline">
          Back to Home
        </Link>
        <h1 className="mt-6 text-3xl font-bold">Sign In</h1>
        <p className="mt-4 text-lg">Signing in and creating accounts open soon. You can already give as a guest.</p>
      </main>
      <RouteAnnouncer />
    </div>
  );
}

export const routes: RouteObject[] = [
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
      { path: 'forgot-password', ...placeholder('Forgot Password', 'Password reset opens soon.') },
      { path: 'reset-password/:token', ...placeholder('Reset Password', 'Password reset opens soon.') },
      { path: '*', ...page(() => import('@/features/content/not-found-page')) },
    ],
  },
  { path: '/login', Component: LoginPlaceholder, errorElement: <RouteError /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
