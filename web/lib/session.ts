import { useSyncExternalStore } from 'react';
import type { ChangePassword, SessionUser } from '@contract/auth';
import { ApiError, apiGet, apiRequest, retryUnlessRefused } from './api';
import { SETTINGS_KEYS, writeSetting } from './settings';

export type SessionState =
  | { status: 'loading'; user: SessionUser | null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut'; user: null };

function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(SETTINGS_KEYS.authUser);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

function readToken(): string | null {
  try {
    return localStorage.getItem(SETTINGS_KEYS.authToken);
  } catch {
    return null;
  }
}

let state: SessionState = readToken()
  ? { status: 'loading', user: readStoredUser() }
  : { status: 'signedOut', user: null };
const listeners = new Set<() => void>();
function set(next: SessionState) {
  state = next;
  listeners.forEach((l) => l());
}

export function getSession(): SessionState {
  return state;
}

const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };

/**
 * Who is signed in. A page the server drew (decision 0022) shows a signed-out visitor's view, and so
 * does its hydration; a signed-in visitor's header follows straight after.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSession,
    () => SIGNED_OUT,
  );
}

/** Stores the token and user after sign-in, sign-up verification or Google sign-in. */
export function signIn(token: string, user: SessionUser): void {
  writeSetting(SETTINGS_KEYS.authToken, token);
  writeSetting(SETTINGS_KEYS.authUser, JSON.stringify(user));
  set({ status: 'signedIn', user });
}

function clearLocal(): void {
  writeSetting(SETTINGS_KEYS.authToken, null);
  writeSetting(SETTINGS_KEYS.authUser, null);
  set({ status: 'signedOut', user: null });
}

/** Revokes the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  if (readToken()) {
    try {
      await apiRequest('/auth/logout', { method: 'POST' });
    } catch {
      // Already invalid or offline: forgetting it locally is what matters.
    }
  }
  clearLocal();
}

export function updateSessionUser(user: SessionUser): void {
  writeSetting(SETTINGS_KEYS.authUser, JSON.stringify(user));
  set({ status: 'signedIn', user });
}

/**
 * At start, a stored token loads the profile; any failure signs out. Returns the message to show
 * ('Session expired. Please login again.' on 401, 'Failed to fetch user profile.' otherwise).
 */
export async function loadSession(): Promise<string | null> {
  if (!readToken()) {
    set({ status: 'signedOut', user: null });
    return null;
  }
  try {
    const user = await apiGet<SessionUser>('/auth/me');
    updateSessionUser(user);
    return null;
  } catch (error) {
    clearLocal();
    return error instanceof ApiError && error.status === 401
      ? 'Session expired. Please login again.'
      : 'Failed to fetch user profile.';
  }
}

/**
 * Asks the server who is signed in now and keeps the answer: what a dashboard shows (may this
 * account request? is onboarding done?) comes from here, not from what this browser remembers.
 */
export async function refreshSessionUser(): Promise<SessionUser> {
  const user = await apiGet<SessionUser>('/auth/me');
  if (readToken()) updateSessionUser(user);
  return user;
}

/** The query for who is signed in, asked afresh whenever a page that depends on it opens. */
export const freshUserQuery = {
  queryKey: ['session', 'me'],
  queryFn: refreshSessionUser,
  staleTime: 0,
  retry: retryUnlessRefused,
} as const;

/** Settings, Security: changes the password; the server signs out every other device. */
export async function changePassword(input: ChangePassword): Promise<string> {
  return (
    await apiRequest<{ message: string }>('/auth/change-password', { method: 'POST', body: JSON.stringify(input) })
  ).data.message;
}
