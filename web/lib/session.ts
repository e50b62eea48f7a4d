import { useSyncExternalStore } from 'react';
import type { ChangePassword, SessionUser } from '@contract/auth';
import { apiGet, apiRequest, backoffDelay, isSignedOutError, isUnreachable, whenServerAnswers } from './api';
import { SETTINGS_KEYS, writeSetting } from './settings';

/** `reason`: why a session just ended, for the sign-in page to say. */
export type SessionState =
  | { status: 'loading'; user: SessionUser | null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut'; user: null; reason?: string };

/** What a person is told when the server ends their session (a 401 to the profile). */
export const SESSION_EXPIRED = 'Session expired. Please login again.';

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

/**
 * The signed-out state, one object: a page the server drew hydrates with it (useSession), and a
 * visitor who is not signed in has this same one, so nothing draws again once the page is alive.
 */
const SIGNED_OUT: SessionState = { status: 'signedOut', user: null };

let state: SessionState = readToken() ? { status: 'loading', user: readStoredUser() } : SIGNED_OUT;
/** True while the profile cannot be fetched for want of a connection: the session is kept meanwhile. */
let unreachable = false;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
function set(next: SessionState) {
  state = next;
  tell();
}
function setUnreachable(next: boolean) {
  if (unreachable === next) return;
  unreachable = next;
  tell();
}

export function getSession(): SessionState {
  return state;
}

/** Whether the site cannot be reached just now while a person is signed in (decision 0047). */
export const serverUnreachable = (): boolean => unreachable;
export const useServerUnreachable = (): boolean => useSyncExternalStore(subscribe, serverUnreachable, () => false);

/**
 * Who is signed in. A page the server drew (decision 0022) shows a signed-out visitor's view, and so
 * does its hydration; a signed-in visitor's header follows straight after.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, () => SIGNED_OUT);
}

/** Stores the token and user after sign-in, sign-up verification or Google sign-in. */
export function signIn(token: string, user: SessionUser): void {
  writeSetting(SETTINGS_KEYS.authToken, token);
  writeSetting(SETTINGS_KEYS.authUser, JSON.stringify(user));
  set({ status: 'signedIn', user });
}

function clearLocal(reason?: string): void {
  writeSetting(SETTINGS_KEYS.authToken, null);
  writeSetting(SETTINGS_KEYS.authUser, null);
  setUnreachable(false);
  set(reason ? { status: 'signedOut', user: null, reason } : SIGNED_OUT);
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

/** How long the profile may take before it counts as unreachable: a 2G reply takes a second or two. */
const PROFILE_WAIT_MS = 15_000;

// A browser older than AbortSignal.timeout (Chrome 103) waits on its own network time-out instead.
const fetchProfile = () => apiGet<SessionUser>('/auth/me', { signal: AbortSignal.timeout?.(PROFILE_WAIT_MS) });

/** Until a pause ends early: the browser is back online, or the server answered another call. */
let wake: () => void = () => undefined;
whenServerAnswers(() => wake());
const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      removeEventListener('online', done);
      wake = () => undefined;
      resolve();
    };
    const timer = setTimeout(done, ms);
    addEventListener('online', done);
    wake = done;
  });

/**
 * At start, a stored token loads the profile. Only a 401 ends the session, returning the sentence to
 * show; anything else (no reply, a time-out, a 5xx) keeps it with the last known profile and asks
 * again, waiting longer each time, until the server answers (decision 0047).
 */
export function loadSession(): Promise<string | null> {
  return (loading ??= restore().finally(() => {
    loading = null;
  }));
}
let loading: Promise<string | null> | null = null;

async function restore(): Promise<string | null> {
  for (let attempt = 0; readToken(); attempt++) {
    try {
      const user = await fetchProfile();
      if (readToken()) updateSessionUser(user);
      setUnreachable(false);
      return null;
    } catch (error) {
      if (!readToken()) break;
      if (isSignedOutError(error)) {
        clearLocal(SESSION_EXPIRED);
        return SESSION_EXPIRED;
      }
      if (state.status === 'loading' && state.user) set({ status: 'signedIn', user: state.user });
      setUnreachable(true);
      await pause(backoffDelay(attempt));
    }
  }
  if (state.status !== 'signedOut') set(SIGNED_OUT);
  return null;
}

/**
 * Asks the server who is signed in now and keeps the answer: what a dashboard shows (may this
 * account request? is onboarding done?) comes from here, not from what this browser remembers.
 * A 401 ends the session; no reply keeps it and says so.
 */
export async function refreshSessionUser(): Promise<SessionUser> {
  try {
    const user = await fetchProfile();
    if (readToken()) updateSessionUser(user);
    setUnreachable(false);
    return user;
  } catch (error) {
    if (readToken()) {
      if (isSignedOutError(error)) clearLocal(SESSION_EXPIRED);
      else if (isUnreachable(error)) setUnreachable(true);
    }
    throw error;
  }
}

/**
 * The query for who is signed in, asked afresh whenever a page that depends on it opens. A reply
 * that did not arrive is asked for again, waiting longer each time; a refusal is final.
 */
export const freshUserQuery = {
  queryKey: ['session', 'me'],
  queryFn: refreshSessionUser,
  staleTime: 0,
  retry: (count: number, error: unknown) => isUnreachable(error) && count < 4,
  retryDelay: (count: number) => backoffDelay(count),
} as const;

/** Settings, Security: changes the password; the server signs out every other device. */
export async function changePassword(input: ChangePassword): Promise<string> {
  return (
    await apiRequest<{ message: string }>('/auth/change-password', { method: 'POST', body: JSON.stringify(input) })
  ).data.message;
}
