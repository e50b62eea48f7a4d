import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { FieldError } from '@/ui/field-parts';
import { isDarkMode, loadScript } from '@/lib/scripts';

const TURNSTILE_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

type TurnstileApi = {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      theme: 'light' | 'dark';
      size: 'normal' | 'compact';
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): string | undefined;
  remove(widgetId: string): void;
};

/** The product's words while the human check has not finished (sign-in and checkout). */
export const CAPTCHA_PENDING = 'Please wait for CAPTCHA verification and try again.';

const turnstile = () => (window as unknown as { turnstile?: TurnstileApi }).turnstile;

/**
 * The human check, shown only when the server has a site key. `onToken` must be stable (a state
 * setter); it receives null when the token expires or the widget goes away. Remount with a new key to
 * get a fresh token after a failed submit, since each token is good for one try.
 */
export function HumanCheck({
  id,
  siteKey,
  onToken,
  error,
  groupRef,
}: {
  /** The id of the focusable group, for links to it (the error summary's). */
  id?: string;
  siteKey: string;
  onToken: (token: string | null) => void;
  error?: string;
  groupRef?: Ref<HTMLDivElement>;
}) {
  const uid = useId();
  const widgetRef = useRef<HTMLDivElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const labelId = `${uid}-label`;
  const errorId = `${uid}-error`;
  const failedId = `${uid}-failed`;

  useEffect(() => {
    let cancelled = false;
    let widgetId: string | undefined;
    loadScript(TURNSTILE_SRC)
      .then(() => {
        const api = turnstile();
        const el = widgetRef.current;
        if (cancelled || !api || !el) return;
        widgetId = api.render(el, {
          sitekey: siteKey,
          theme: isDarkMode() ? 'dark' : 'light',
          // The normal widget is 300 px wide; on a 320 px screen only the compact one fits.
          size: el.clientWidth < 300 ? 'compact' : 'normal',
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => onToken(null),
        });
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      if (widgetId) turnstile()?.remove(widgetId);
      onToken(null);
    };
  }, [siteKey, onToken]);

  return (
    <div>
      <p id={labelId} className="block text-lg font-semibold text-gray-900 dark:text-gray-100">
        Security check
      </p>
      <p className="mt-1 text-base text-gray-700 dark:text-gray-300">
        This confirms you are a person. It usually completes by itself after a moment.
      </p>
      <div
        ref={groupRef}
        id={id}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : loadFailed ? failedId : undefined}
        tabIndex={-1}
        className="mt-2 max-w-full overflow-x-auto"
      >
        <div ref={widgetRef} />
      </div>
      {loadFailed ? (
        <p id={failedId} className="mt-1 font-medium text-gray-900 dark:text-gray-100">
          The security check could not load. Check your connection and reload the page.
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
