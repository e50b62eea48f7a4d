import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { useAdminCall, type AdminCall } from './admin-api';

type Said = { text: string; ok: boolean; key: number };

/**
 * Feedback for admin actions: the server's sentence in a banner that is announced (status for a
 * success, alert for a refusal), and focus kept where the admin was. When the element that started
 * the action has left the page (the campaign moved to another list), focus goes to the banner
 * instead of falling to the page body. The banner is named by the sentence it holds, so landing
 * there says what happened rather than an unnamed block.
 */
export function useActionFeedback() {
  const call = useAdminCall();
  const banner = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const sentenceId = useId();
  const settle = useCallback(() => {
    // After the dialog has closed and given focus back, and after the lists were redrawn: a slow
    // refetch may take the focused button away well after the sentence is shown, so keep looking
    // for a few seconds.
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || !active.isConnected;
    };
    let looks = 0;
    const look = () => {
      if (lost()) banner.current?.focus();
      else if ((looks += 1) < 15) window.setTimeout(look, 200);
    };
    window.setTimeout(look, 120);
  }, []);
  useEffect(() => {
    if (said) settle();
  }, [said, settle]);
  /**
   * Runs an admin call (or any task that answers the server's sentence); a refusal rejects (for a
   * dialog to show) and is also said in the banner.
   */
  const run = useCallback(
    async (what: AdminCall | (() => Promise<string>), failed: string) => {
      try {
        const text = typeof what === 'function' ? await what() : await call(what);
        setSaid({ text, ok: true, key: Date.now() });
      } catch (error) {
        setSaid({ text: errorMessage(error, { noMessage: failed }), ok: false, key: Date.now() });
        throw error;
      }
    },
    [call],
  );
  const view = (
    <div
      ref={banner}
      tabIndex={-1}
      role={said ? 'group' : undefined}
      aria-labelledby={said ? sentenceId : undefined}
      className="mb-6 outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
    >
      <div role="status" aria-live="polite">
        {said?.ok ? (
          <p
            key={said.key}
            id={sentenceId}
            className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 font-medium text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
          >
            {said.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {said && !said.ok ? (
          <p
            key={said.key}
            id={sentenceId}
            className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
          >
            {said.text}
          </p>
        ) : null}
      </div>
    </div>
  );
  /** The banner: the named place to land when nothing nearer is left. */
  const place = useCallback(() => banner.current, []);
  return { run, view, place };
}

export type Run = ReturnType<typeof useActionFeedback>['run'];
