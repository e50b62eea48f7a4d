import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@contract/auth';

type Api = typeof import('./api');
type Session = typeof import('./session');

const stored: SessionUser = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Obi',
  email: 'ada@example.org',
  role: 'donor',
} as SessionUser;
const fresh = { ...stored, first_name: 'Adaeze' } as SessionUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const timedOut = () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'));

let storage: Map<string, string>;
let window: EventTarget;
let api: Api;
let session: Session;
/** The replies the server gives to the profile request, in turn; the last one repeats. */
let replies: (() => Promise<Response>)[];
let asked: RequestInit[];
let urls: string[];

/** A browser with a signed-in person's token and profile stored, and this app's modules freshly loaded. */
beforeEach(async () => {
  storage = new Map([
    ['authToken', 'a-stored-token'],
    ['authUser', JSON.stringify(stored)],
  ]);
  window = new EventTarget();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  });
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
  vi.resetModules();
  api = await import('./api');
  session = await import('./session');
  asked = [];
  urls = [];
  api.setApiTransport((url, init) => {
    asked.push(init);
    urls.push(url);
    const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
    return reply();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const backOnline = () => window.dispatchEvent(new Event('online'));
/**
 * Until every reply given so far has been read and acted on, without moving the clock. The replies
 * settle through promises alone, so one turn of the event loop sees them all through however slow
 * the machine is, and a back-off pause waiting on the clock is still waiting afterwards.
 */
const replyRead = () => vi.advanceTimersByTimeAsync(0);
/** What restoring the session ended with, or "still asking" if the replies so far have not ended it. */
const outcome = (done: Promise<string | null>) => Promise.race([done, replyRead().then(() => 'still asking')]);

describe('restoring a stored session (decision 0047)', () => {
  // The clock stands still unless a test moves it: a back-off pause ends only when the test wakes it,
  // never because the machine was slow.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the session and the last known profile through a time-out, says so, and clears it when the server answers', async () => {
    replies = [timedOut, () => Promise.resolve(json(200, fresh))];
    expect(session.getSession()).toEqual({ status: 'loading', user: stored });
    const done = session.loadSession();
    await replyRead();
    expect(session.serverUnreachable()).toBe(true);
    expect(session.getSession()).toEqual({ status: 'signedIn', user: stored });
    expect(storage.get('authToken')).toBe('a-stored-token');
    // The profile request is given a time limit, so a request that hangs ends as a time-out.
    expect(asked[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(asked).toHaveLength(1);

    backOnline();
    await replyRead();
    expect(asked).toHaveLength(2);
    expect(await outcome(done)).toBeNull();
    expect(session.getSession()).toEqual({ status: 'signedIn', user: fresh });
    expect(session.serverUnreachable()).toBe(false);
    expect(JSON.parse(storage.get('authUser')!)).toEqual(fresh);
  });

  it('keeps the session through a dropped connection, a 503 and a proxy 502 page, and signs out only on the 401', async () => {
    replies = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(json(503, { message: 'Service unavailable' })),
      () =>
        Promise.resolve(
          new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
        ),
      () => Promise.resolve(json(401, { message: 'Please sign in to continue.' })),
    ];
    const done = session.loadSession();
    for (let failures = 1; failures <= 3; failures++) {
      await replyRead();
      expect(asked).toHaveLength(failures);
      expect(session.serverUnreachable()).toBe(true);
      expect(session.getSession().status).toBe('signedIn');
      expect(storage.get('authToken')).toBe('a-stored-token');
      backOnline();
    }
    await replyRead();
    expect(asked).toHaveLength(4);
    expect(await outcome(done)).toBe(session.SESSION_EXPIRED);
    expect(session.SESSION_EXPIRED).toBe('Session expired. Please login again.');
    expect(session.getSession()).toEqual({ status: 'signedOut', user: null, reason: session.SESSION_EXPIRED });
    expect(session.serverUnreachable()).toBe(false);
    expect([storage.get('authToken'), storage.get('authUser')]).toEqual([undefined, undefined]);
  });

  it('asks again at once when the server answers another call, instead of waiting out the pause', async () => {
    replies = [timedOut, () => Promise.resolve(json(200, fresh))];
    const done = session.loadSession();
    await replyRead();
    expect(session.serverUnreachable()).toBe(true);
    // Some other call gets a reply: the server is back, and the profile is asked for again straight
    // away, with no time passing at all (the shortest back-off is half a second).
    await api.apiGet('/campaigns').catch(() => undefined);
    await replyRead();
    expect(urls).toEqual(['/api/auth/me', '/api/campaigns', '/api/auth/me']);
    expect(await outcome(done)).toBeNull();
    expect(session.serverUnreachable()).toBe(false);
  });

  it('stops asking once the person signs out meanwhile', async () => {
    replies = [timedOut];
    const done = session.loadSession();
    await replyRead();
    expect(session.serverUnreachable()).toBe(true);
    await session.signOut();
    backOnline();
    expect(await outcome(done)).toBeNull();
    expect(urls).toEqual(['/api/auth/me', '/api/auth/logout']);
    expect(session.getSession()).toEqual({ status: 'signedOut', user: null });
    expect(session.serverUnreachable()).toBe(false);
  });
});

describe('asking for the profile again on a page', () => {
  it('keeps the session when the reply does not come, and ends it on a 401', async () => {
    session.signIn('a-stored-token', stored);
    replies = [timedOut];
    await expect(session.refreshSessionUser()).rejects.toMatchObject({ kind: 'network' });
    expect(session.getSession()).toEqual({ status: 'signedIn', user: stored });
    expect(session.serverUnreachable()).toBe(true);

    replies = [() => Promise.resolve(json(401, { message: 'Please sign in to continue.' }))];
    await expect(session.refreshSessionUser()).rejects.toMatchObject({ status: 401 });
    expect(session.getSession()).toEqual({ status: 'signedOut', user: null, reason: session.SESSION_EXPIRED });
    expect(storage.get('authToken')).toBeUndefined();
  });

  it('retries an unreachable server a few times and a refusal never', async () => {
    const { retry } = session.freshUserQuery;
    const network = new api.ApiError(0, api.NETWORK_FAILURE, undefined, undefined, 'network');
    expect([0, 1, 2, 3].map((n) => retry(n, network))).toEqual([true, true, true, true]);
    expect(retry(4, network)).toBe(false);
    expect(retry(0, new api.ApiError(503, 'Service unavailable'))).toBe(true);
    expect(retry(0, new api.ApiError(401, 'Please sign in to continue.'))).toBe(false);
    expect(retry(0, new api.ApiError(403, 'This is not available for your account.'))).toBe(false);
  });
});

describe('telling a failure apart', () => {
  it('counts only a 401 as signed out, and no reply, a 5xx or a page not ours as unreachable', () => {
    const { ApiError, isSignedOutError, isUnreachable } = api;
    expect(isSignedOutError(new ApiError(401, 'x'))).toBe(true);
    for (const error of [new ApiError(403, 'x'), new ApiError(0, 'x', undefined, undefined, 'network'), new Error('x')])
      expect(isSignedOutError(error)).toBe(false);
    expect(isUnreachable(new ApiError(0, 'x', undefined, undefined, 'network'))).toBe(true);
    expect(isUnreachable(new ApiError(503, 'x'))).toBe(true);
    expect(isUnreachable(new ApiError(200, 'x', undefined, undefined, 'unreadable'))).toBe(true);
    expect(isUnreachable(new ApiError(401, 'x'))).toBe(false);
    expect(isUnreachable(new ApiError(429, 'x'))).toBe(false);
  });

  it('tells a person whose form could not be sent that what they typed is kept', async () => {
    replies = [() => Promise.reject(new TypeError('Failed to fetch'))];
    await expect(api.apiRequest('/auth/login', { method: 'POST', body: '{}' })).rejects.toMatchObject({
      message: api.SEND_FAILURE,
      kind: 'network',
    });
    await expect(api.apiGet('/campaigns')).rejects.toMatchObject({ message: api.NETWORK_FAILURE });
  });

  it('waits longer after each failure, with jitter, never beyond 30 seconds', () => {
    for (const [attempt, ceiling] of [
      [0, 1_000],
      [1, 2_000],
      [3, 8_000],
      [5, 30_000],
      [20, 30_000],
    ] as const) {
      for (const random of [0, 0.5, 0.999]) {
        vi.spyOn(Math, 'random').mockReturnValue(random);
        const wait = api.backoffDelay(attempt);
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
    vi.restoreAllMocks();
  });
});
