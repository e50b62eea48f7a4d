import { lazy, Suspense, useCallback, useState, type SetStateAction } from 'react';
import { SELF_SERVICE_ROLES, type SelfServiceRole } from '@contract/roles';
import { useFormShown } from '@/lib/hydrated';
import { useLinkKit } from '@/lib/link-kit';
import { usePageTitle } from '@/lib/page';
import { usePublicConfig } from '@/lib/public-config';
import { FormPlaceholder } from '@/ui/light-form';
import { LightTabs } from '@/ui/light-tabs';
import { SignInPanel } from './sign-in-panel';
import { initialSignUpState, type SignUpState } from './sign-up-state';

// The sign-up form (its fields, zod and the schemas) loads only when its tab is chosen.
const SignUpPanel = lazy(() => import('./sign-up-panel').then((m) => ({ default: m.SignUpPanel })));
// The server's drawing holds the forms' place with a status, so no form is on the page before its
// script can send it. A hydrated card draws the form in a task of its own after the first paint, so
// hydrating and drawing the form are not one long block of the main thread; a card the app draws
// itself (taking the page over) shows it at once, so focus stays on the same control.
const formLoading = <FormPlaceholder className="min-h-96" />;

type TabKey = 'signin' | 'signup';

const isRole = (value: unknown): value is SelfServiceRole =>
  typeof value === 'string' && (SELF_SERVICE_ROLES as readonly string[]).includes(value);

/** What the link that opened the page passed, as far as the card reads it. */
type Arrival = { defaultTab?: unknown; role?: unknown; message?: unknown } | null;

/**
 * The sign-in page's card: its heading, the notice it was opened with, and the two tabs. It is the
 * page's island (decision 0058), so it renders from no props, and reads what the link that opened
 * the page passed (the tab, the role, a notice) through the link kit.
 */
export function LoginCard() {
  const state = useLinkKit().useLocationState() as Arrival;
  // Set when a stored session could not be restored ('Session expired. Please login again.').
  const notice = typeof state?.message === 'string' ? state.message : null;
  // The tab and role the page was opened for are taken once, when they are first known (after
  // hydration on a light page): a notice arriving later changes neither.
  const [opened, setOpened] = useState<Arrival>(state);
  if (opened === null && state !== null) setOpened(state);
  const [chosen, setChosen] = useState<TabKey | null>(null);
  const tab = chosen ?? (opened?.defaultTab === 'signup' ? 'signup' : 'signin');
  // Kept here because the hidden tab's panel is unmounted.
  const [signInEmail, setSignInEmail] = useState('');
  const [signUp, setSignUp] = useState<SignUpState | null>(null);
  const role = isRole(opened?.role) ? opened.role : null;
  const setSignUpState = useCallback(
    (next: SetStateAction<SignUpState>) =>
      setSignUp((current) => {
        const now = current ?? initialSignUpState(role);
        return typeof next === 'function' ? next(now) : next;
      }),
    [role],
  );
  const title = tab === 'signup' ? 'Create Account' : 'Sign In';
  usePageTitle(title);
  const { data: config } = usePublicConfig();
  const formShown = useFormShown();

  return (
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
        id="sign-in-tabs"
        label="Sign in or create an account"
        selected={tab}
        onSelect={setChosen}
        className="mt-6"
        tabs={[
          {
            id: 'signin',
            label: 'Sign In',
            panel: formShown ? (
              <SignInPanel config={config} email={signInEmail} setEmail={setSignInEmail} />
            ) : (
              formLoading
            ),
          },
          {
            id: 'signup',
            label: 'Create Account',
            panel: formShown ? (
              <Suspense fallback={formLoading}>
                <SignUpPanel config={config} state={signUp ?? initialSignUpState(role)} setState={setSignUpState} />
              </Suspense>
            ) : (
              formLoading
            ),
          },
        ]}
      />
    </div>
  );
}
