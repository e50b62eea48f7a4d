import type { SignInChallengeReply } from '@contract/second-factor';
import { useEffect, useRef, useState } from 'react';
import { homeFor } from '@contract/roles';
import { isDarkMode, loadScript } from '@/lib/scripts';
import { signIn } from '@/lib/session';
import { useLinkKit } from '@/lib/link-kit';
import { failureMessage, googleAuth } from './api';

const GOOGLE_SRC = 'https://accounts.google.com/gsi/client';

type GoogleId = {
  initialize(options: {
    client_id: string;
    callback: (reply: { credential?: string }) => void;
    context?: 'signin' | 'signup';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline' | 'filled_black';
      size: 'large';
      text: 'signin_with' | 'signup_with';
      shape: 'rectangular';
      width: number;
    },
  ): void;
};

const googleId = () => (window as unknown as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id;

/** Google's own button; it hands back a credential (an ID token) for the server to check. */
export function GoogleButton({
  clientId,
  mode,
  onCredential,
}: {
  clientId: string;
  mode: 'signin' | 'signup';
  onCredential: (credential: string | null) => void;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const callbackRef = useRef(onCredential);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    callbackRef.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let cancelled = false;
    loadScript(GOOGLE_SRC)
      .then(() => {
        const api = googleId();
        const el = containerRef.current;
        if (cancelled || !api || !el) return;
        api.initialize({
          client_id: clientId,
          context: mode,
          callback: (reply) => callbackRef.current(reply.credential ?? null),
        });
        el.replaceChildren();
        api.renderButton(el, {
          type: 'standard',
          theme: isDarkMode() ? 'filled_black' : 'outline',
          size: 'large',
          text: mode === 'signin' ? 'signin_with' : 'signup_with',
          shape: 'rectangular',
          // Google accepts 200 to 400 px; fill the column so it matches the other buttons.
          width: Math.max(200, Math.min(400, el.clientWidth)),
        });
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  return (
    <div>
      <div ref={containerRef} className="min-h-11 w-full" />
      {loadFailed ? (
        <p className="mt-1 text-base text-gray-800 dark:text-gray-200">
          {mode === 'signin' ? 'Signing in' : 'Signing up'} with Google could not load. You can still use the form with
          your email address.
        </p>
      ) : null}
    </div>
  );
}

/**
 * What both tabs do with a Google credential: exchange it for a session and go to the account's
 * home, or say what went wrong in the tab's own words.
 */
export function useGoogleCredential(
  words: { failed: string; tryAgain: string },
  setAlert: (message: string | null) => void,
  /** A person with a second factor answers a challenge next (docs/decisions/0070). */
  onChallenge?: (challenge: SignInChallengeReply) => void,
) {
  const navigate = useLinkKit().useNavigate();
  return async (credential: string | null) => {
    setAlert(null);
    if (!credential) {
      setAlert(words.failed);
      return;
    }
    try {
      const reply = await googleAuth(credential);
      if ('secondFactorRequired' in reply) {
        if (onChallenge) onChallenge(reply);
        else setAlert('Please sign in on the sign-in page: your account asks for a second factor.');
        return;
      }
      signIn(reply.token, reply.user);
      navigate(homeFor(reply.user), { replace: true });
    } catch (error) {
      setAlert(failureMessage(error, words.failed, words.tryAgain));
    }
  };
}
