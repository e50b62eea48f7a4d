import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SELF_SERVICE_ROLES, type SelfServiceRole } from '@contract/roles';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { usePageTitle } from '@/lib/page';
import { usePublicConfig } from '@/lib/public-config';
import { LightTabs } from '@/ui/light-tabs';
import { blockLink } from '@/ui/text-link';
import { initialSignUpState, type SignUpState } from './sign-up-state';

// The forms (their fields, zod and the schemas) load once the page has shown rather than before it:
// on a slow phone the page and its heading appear about a second sooner. The form's place is held,
// and a status says it is loading.
const SignInPanel = lazy(() => import('./sign-in-panel').then((m) => ({ default: m.SignInPanel })));
const SignUpPanel = lazy(() => import('./sign-up-panel').then((m) => ({ default: m.SignUpPanel })));
const formLoading = (
  <div role="status" className="min-h-96">
    <span className="sr-only">Loading the form...</span>
  </div>
);

type TabKey = 'signin' | 'signup';

const isRole = (value: unknown): value is SelfServiceRole =>
  typeof value === 'string' && (SELF_SERVICE_ROLES as readonly string[]).includes(value);

export default function LoginPage() {
  const location = useLocation();
  const state = (location.state ?? null) as { defaultTab?: unknown; role?: unknown; message?: unknown } | null;
  // Set when a stored session could not be restored ('Session expired. Please login again.').
  const notice = typeof state?.message === 'string' ? state.message : null;
  const [tab, setTab] = useState<TabKey>(state?.defaultTab === 'signup' ? 'signup' : 'signin');
  // Kept here because the hidden tab's panel is unmounted.
  const [signInEmail, setSignInEmail] = useState('');
  const [signUp, setSignUp] = useState<SignUpState>(() => initialSignUpState(isRole(state?.role) ? state.role : null));
  const title = tab === 'signup' ? 'Create Account' : 'Sign In';
  usePageTitle(title);
  const { data: config } = usePublicConfig();
  const painted = useAfterFirstPaint();

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
        <div className="mt-4 rounded-2xl border-2 border-gray-200 bg-white p-4 shadow-sm sm:p-8 dark:border-gray-700 dark:bg-gray-900">
          <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{title}</h1>
          <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
            {tab === 'signup'
              ? 'Join Gift of Independence as a recipient, an organization or a donor.'
              : 'Welcome back to Gift of Independence.'}
          </p>
          {notice ? (
            <p
              role="alert"
              className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
            >
              {notice}
            </p>
          ) : null}
          <LightTabs
            label="Sign in or create an account"
            selected={tab}
            onSelect={setTab}
            className="mt-6"
            tabs={[
              {
                id: 'signin',
                label: 'Sign In',
                panel: painted ? (
                  <Suspense fallback={formLoading}>
                    <SignInPanel config={config} email={signInEmail} setEmail={setSignInEmail} />
                  </Suspense>
                ) : (
                  formLoading
                ),
              },
              {
                id: 'signup',
                label: 'Create Account',
                panel: painted ? (
                  <Suspense fallback={formLoading}>
                    <SignUpPanel config={config} state={signUp} setState={setSignUp} />
                  </Suspense>
                ) : (
                  formLoading
                ),
              },
            ]}
          />
        </div>
      </main>
      <div id="route-announcer" role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
    </div>
  );
}
