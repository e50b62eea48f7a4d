import { NEXT_CURSOR_HEADER } from '@contract/pagination';
import { saveBlob } from './save-file';

export const HTML_INSTEAD_OF_JSON = 'Server returned HTML instead of JSON. Check API endpoint.';

/**
 * Where a failed call's message came from: `server` when the reply (or our own code) worded it for a
 * person, `no-message` when the server answered without one, `unreadable` when the reply was HTML or
 * broken JSON, `network` when no reply arrived.
 */
export type ApiErrorKind = 'server' | 'no-message' | 'unreadable' | 'network';

/** A failed call: `status` is the HTTP status (0 when the network failed), `message` is safe to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly kind: ApiErrorKind = 'server',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_FAILURE = 'Could not reach the server. Check your connection and try again.';
/** The same, when what failed was sending something a person typed: a form keeps it (decision 0047). */
export const SEND_FAILURE =
  'We could not reach the server. What you entered is kept: check your connection and send it again.';
const UNREADABLE_REPLY = 'The server sent a reply that could not be read.';

/** The words a screen uses for the failures that carry no message of the server's own. */
export type FailureWording = { noMessage: string; unreadable?: string; unreachable?: string };

/** What to tell a person about a failed call: the server's own message when it sent one. */
export function errorMessage(error: unknown, wording: FailureWording): string {
  if (!(error instanceof ApiError)) return wording.noMessage;
  switch (error.kind) {
    case 'network':
      return wording.unreachable ?? error.message;
    case 'unreadable':
      return wording.unreadable ?? wording.noMessage;
    case 'no-message':
      return wording.noMessage;
    default:
      return error.message || wording.noMessage;
  }
}

/** The first server-side message for each named field, for forms that show errors beside their fields. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError) || !error.fieldErrors) return found;
  for (const field of fields) {
    const first = error.fieldErrors[field]?.[0];
    if (first) found[field] = first;
  }
  return found;
}

/** The server said this session is over (401): the one failure that signs a person out (decision 0047). */
export const isSignedOutError = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * No reply, a time-out, a 5xx (a 503 while a deployment swaps), or a page that is not ours (a
 * captive portal's HTML): the server has not answered, so nothing it would say can be assumed.
 */
export const isUnreachable = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'unreadable' || error.status >= 500);

/** The wait before retry `attempt` (0, 1, ...): doubling from 1 s to at most 30 s, each between half and all of it. */
export const backoffDelay = (attempt: number) => {
  const ceiling = Math.min(30_000, 1_000 * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
};

/** TanStack Query's retry rule for calls a refusal will not change: one retry, and none after a 4xx. */
export const retryUnlessRefused = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

export type ApiResult<T> = { data: T; nextCursor?: string };

/** How a call reaches the API: the browser's fetch, or on the server the app itself (web/entry-server.tsx). */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Told whenever the server answers (below 500): whoever waits to retry can stop waiting. */
let heard: () => void = () => undefined;
export function whenServerAnswers(listener: () => void): void {
  heard = listener;
}

/**
 * Asks the person for a second-factor check when an act answers 403 `step_up_required`
 * (docs/decisions/0071), resolving true once it passed; the act is then sent again, once.
 */
let askStepUp: (() => Promise<boolean>) | null = null;
export function whenStepUpRequired(ask: () => Promise<boolean>): void {
  askStepUp = ask;
}
const needsStepUp = (status: number, code: unknown) => status === 403 && code === 'step_up_required' && askStepUp;

/** For the server's rendering of public pages only: its calls go to the app in the same process. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

function authHeader(): Record<string, string> {
  try {
    const token = localStorage.getItem('authToken');
    return token ? { authorization: `Bearer ${token}` } : {};
  } catch {
    return {};
  }
}

/**
 * The server's moment of this tab's last write, and when (by this device's clock) it was told: for
 * a minute, reads ask for data at least that fresh, so a person sees their own gift even while the
 * public reads come from a replica (server/http/read-after.ts, decision 0083). Kept for the tab in
 * sessionStorage, never in a cookie (decision 0048).
 */
const LAST_WRITE_KEY = 'lastWrite';
const READ_AFTER_FOR_MS = 60_000;

function rememberWrite(response: Response) {
  const at = response.headers.get('written-at');
  if (!at || !/^\d+$/.test(at)) return;
  try {
    sessionStorage.setItem(LAST_WRITE_KEY, JSON.stringify({ at, told: Date.now() }));
  } catch {
    // Storage refused (a private window's quota): reads are then at most a few seconds behind.
  }
}

function readAfterHeader(): Record<string, string> {
  try {
    const kept = JSON.parse(sessionStorage.getItem(LAST_WRITE_KEY) ?? 'null') as { at: string; told: number } | null;
    if (!kept || Date.now() - kept.told > READ_AFTER_FOR_MS || Date.now() < kept.told) return {};
    return { 'read-after': kept.at };
  } catch {
    return {};
  }
}

/** Calls the API under /api; rejects with ApiError on HTML replies, non-ok statuses and network failures. */
export async function apiRequest<T>(path: string, init: RequestInit = {}, stepped = false): Promise<ApiResult<T>> {
  let response: Response;
  const sending = init.method !== undefined && init.method !== 'GET' && init.method !== 'HEAD';
  try {
    response = await transport(`/api${path}`, {
      ...init,
      // No accept header: every reply under /api is JSON, and a GET with no header beyond the session's
      // is one the browser can answer from the page's early request for it (server/http/page-html.ts);
      // only in the minute after a write does a read say how fresh it must be.
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...authHeader(),
        ...(sending ? {} : readAfterHeader()),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiError(0, sending ? SEND_FAILURE : NETWORK_FAILURE, undefined, undefined, 'network');
  }
  if (sending) rememberWrite(response);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/html'))
    throw new ApiError(response.status, HTML_INSTEAD_OF_JSON, undefined, undefined, 'unreadable');
  if (response.status < 500) heard();
  let body: unknown = undefined;
  if (type.includes('application/json')) {
    try {
      body = await response.json();
    } catch {
      throw new ApiError(response.status, UNREADABLE_REPLY, undefined, undefined, 'unreadable');
    }
  }
  if (!response.ok) {
    const b = (body ?? {}) as { message?: unknown; code?: unknown; fieldErrors?: Record<string, string[]> };
    if (!stepped && needsStepUp(response.status, b.code) && (await askStepUp!()))
      return apiRequest<T>(path, init, true);
    const worded = typeof b.message === 'string' && b.message.trim() !== '';
    throw new ApiError(
      response.status,
      worded ? (b.message as string) : `HTTP error! status: ${response.status}`,
      typeof b.code === 'string' ? b.code : undefined,
      b.fieldErrors,
      worded ? 'server' : 'no-message',
    );
  }
  return { data: body as T, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The header the server answers a repeat of by its first reply (decision 0082). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Waits before each resend of an act: about 7 s in all, within a donor's patience. */
const ACT_RETRY_MS = [500, 1_000, 2_000, 4_000];

/** A key no other act of this browser will use: a random UUID, or 128 random bits where that is missing (plain HTTP). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** No answer, a proxy's 502, 503 or 504, or the first try still running: what the same act sent again may cure. */
export const isWorthResending = (error: unknown) =>
  error instanceof ApiError &&
  (error.kind === 'network' ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504 ||
    (error.status === 409 && error.code === 'idempotency_key_in_use'));

const retrying = new Set<(trying: boolean) => void>();
/** Told when an act starts being sent again and when it stops; answers the way to stop listening. */
export function whenActRetrying(listener: (trying: boolean) => void): () => void {
  retrying.add(listener);
  return () => retrying.delete(listener);
}
let actsRetrying = 0;
const tellRetrying = (change: 1 | -1) => {
  const was = actsRetrying > 0;
  actsRetrying += change;
  if (was !== actsRetrying > 0) for (const listener of retrying) listener(actsRetrying > 0);
};

/**
 * Sends an act that creates or moves money or a promise (a checkout, a payment, a refund, a booking)
 * with a fresh Idempotency-Key, and sends it again with the same key when no answer came or a proxy
 * answered 502, 503 or 504, a few times with back-off: the server answers a repeat with the first
 * reply and never acts twice, so a dropped connection or an instance lost mid-request costs a donor
 * a short wait, not an error. Meanwhile the page says it is still trying (whenActRetrying).
 */
export async function apiAct<T>(path: string, init: RequestInit): Promise<ApiResult<T>> {
  const headers = {
    ...(init.headers as Record<string, string> | undefined),
    [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey(),
  };
  let resending = false;
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await apiRequest<T>(path, { ...init, headers });
      } catch (error) {
        const wait = ACT_RETRY_MS[attempt];
        if (wait === undefined || !isWorthResending(error)) throw error;
        if (!resending) tellRetrying(1);
        resending = true;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  } finally {
    if (resending) tellRetrying(-1);
  }
}

export async function apiGet<T>(path: string, init?: RequestInit): Promise<T> {
  return (await apiRequest<T>(path, init)).data;
}

/**
 * Fetches a file from the API with the session's token and saves it as `fileName`, as a link with
 * `download` would: a bearer token cannot ride on a plain link. Rejects with ApiError, worded by the server.
 */
export async function apiDownload(path: string, fileName: string, stepped = false): Promise<void> {
  let response: Response;
  try {
    response = await transport(`/api${path}`, { headers: authHeader() });
  } catch {
    throw new ApiError(0, NETWORK_FAILURE, undefined, undefined, 'network');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
    if (!stepped && needsStepUp(response.status, body.code) && (await askStepUp!()))
      return apiDownload(path, fileName, true);
    const worded = typeof body.message === 'string' && body.message.trim() !== '';
    throw new ApiError(
      response.status,
      worded ? (body.message as string) : `HTTP error! status: ${response.status}`,
      typeof body.code === 'string' ? body.code : undefined,
      undefined,
      worded ? 'server' : 'no-message',
    );
  }
  saveBlob(await response.blob(), fileName);
}
