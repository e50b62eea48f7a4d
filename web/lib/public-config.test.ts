import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '@contract/auth';

type Api = typeof import('./api');
type Store = (typeof import('./public-config'))['publicConfigStore'];

const settings: AuthConfig = {
  turnstileSiteKey: 'site-key',
  googleClientId: 'client-id',
  paymentMode: 'test',
  paymentFee: null,
  payLaterHoldMinutes: 30,
};
const ok = () =>
  Promise.resolve(new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

let window: EventTarget;
let store: Store;
/** What the server answers next; each request is counted. */
let reply: () => Promise<Response>;
let requests: number;

const settled = () => new Promise((r) => setTimeout(r, 0));

/** A browser with this app's modules freshly loaded, so the store starts empty. */
beforeEach(async () => {
  window = new EventTarget();
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  vi.resetModules();
  const api: Api = await import('./api');
  store = (await import('./public-config')).publicConfigStore;
  requests = 0;
  api.setApiTransport(() => {
    requests += 1;
    return reply();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the public settings', () => {
  it('are asked for once by the first page that needs them, and kept', async () => {
    reply = ok;
    const heard = vi.fn();
    store.subscribe(heard);
    store.subscribe(heard);
    await settled();
    expect(store.current()).toEqual(settings);
    expect(heard).toHaveBeenCalled();
    store.subscribe(() => undefined);
    expect(requests).toBe(1);
  });

  it('fall back to no checks when they cannot be had, and are asked for again when the connection returns', async () => {
    reply = offline;
    const heard = vi.fn();
    store.subscribe(heard);
    await settled();
    expect(store.current()).toMatchObject({ turnstileSiteKey: null, googleClientId: null, paymentMode: 'live' });
    expect(heard).toHaveBeenCalledTimes(1);

    reply = ok;
    window.dispatchEvent(new Event('online'));
    await settled();
    expect(requests).toBe(2);
    expect(store.current()).toEqual(settings);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('are asked for again by the next page that needs them after a failure', async () => {
    reply = offline;
    const unsubscribe = store.subscribe(() => undefined);
    await settled();
    unsubscribe();
    expect(requests).toBe(1);

    reply = ok;
    store.subscribe(() => undefined);
    await settled();
    expect(requests).toBe(2);
    expect(store.current()).toEqual(settings);
    // Once had, they are not asked for again when the connection returns.
    window.dispatchEvent(new Event('online'));
    await settled();
    expect(requests).toBe(2);
  });
});
