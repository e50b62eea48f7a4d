import { describe, expect, it } from 'vitest';
import { routes } from './app/router';
import { isAppCode, isPublicImage, isPublicPage, mayKeepReply, mayStore } from './sw-rules';

const origin = 'https://giftofindependence.ng';
const request = (url: string, { method = 'GET', headers = {} as Record<string, string> } = {}) =>
  new Request(new URL(url, origin), { method, headers });

type Route = { path?: string; serverLoad?: unknown; children?: Route[] };

/** Every address the route table answers, with a sample value for each parameter, and whether the server draws it. */
function addresses(list: Route[], parent = ''): Array<{ address: string; drawn: boolean }> {
  return list.flatMap((route) => {
    const joined =
      route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const address = joined.replace(/\/+/g, '/').replace(/:[^/]+/g, 'sample') || '/';
    const own =
      route.path !== undefined && route.path !== '*' && !route.children
        ? [{ address, drawn: Boolean(route.serverLoad) }]
        : [];
    return [...own, ...addresses(route.children ?? [], joined)];
  });
}

describe('what the service worker may keep', () => {
  const table = addresses(routes as Route[]);

  it('keeps exactly the public pages: those the server draws for everyone but sign-in and receipts, and search and help', () => {
    const publicOnes = table.filter(({ address }) => isPublicPage(address)).map(({ address }) => address);
    const expected = table
      .filter(
        ({ address, drawn }) =>
          (drawn && address !== '/login' && address !== '/receipts') || address === '/search' || address === '/help',
      )
      .map(({ address }) => address);
    expect(expected).toEqual(
      expect.arrayContaining(['/campaigns', '/campaigns/sample', '/about', '/transparency', '/search', '/help']),
    );
    expect(new Set(publicOnes)).toEqual(new Set(expected));
    expect(isPublicPage('/')).toBe(true);
    expect(isPublicPage('/campaigns/org-3')).toBe(true);
    expect(isPublicPage('/campaigns', '?state=lagos')).toBe(true);
    expect(isPublicPage('/search')).toBe(true);
    expect(isPublicPage('/search', '?q=white+cane+for+my+son')).toBe(false);
  });

  it('never keeps a page of a signed-in area, the give path or an account page', () => {
    const private_ = table.filter(({ address }) =>
      /^\/(?:recipient|organization|admin|donor|caseworker|onboarding|cart|checkout|receipts|donate|login|set-password|reset-password|forgot-password)\b/.test(
        address,
      ),
    );
    expect(private_.length).toBeGreaterThan(30);
    for (const { address } of private_) expect(isPublicPage(address), address).toBe(false);
    for (const address of [
      '/recipient',
      '/admin',
      '/organization/dashboard/',
      '/campaigns/1/edit',
      '/admin/campaigns/x',
    ])
      expect(isPublicPage(address), address).toBe(false);
  });

  it('stores only this site’s own GETs that carry no session token, signature, or /api address', () => {
    expect(mayStore(request('/campaigns'), origin)).toBe(true);
    expect(mayStore(request('/media/public/a.webp'), origin)).toBe(true);
    expect(mayStore(request('/campaigns', { headers: { authorization: 'Bearer abc' } }), origin)).toBe(false);
    expect(mayStore(request('/campaigns', { method: 'POST' }), origin)).toBe(false);
    expect(mayStore(request('/api/campaigns'), origin)).toBe(false);
    expect(mayStore(request('/api'), origin)).toBe(false);
    expect(mayStore(request('/api/files/download?key=k&expires=1&signature=s'), origin)).toBe(false);
    expect(mayStore(request('/media/public/a.webp?expires=1&signature=s'), origin)).toBe(false);
    expect(mayStore(request('https://bucket.example.com/public/a.webp'), origin)).toBe(false);
  });

  it('tells public images and the build’s files from anything else', () => {
    expect(isPublicImage('/media/public/campaigns/a.webp')).toBe(true);
    expect(isPublicImage('/media/seed/abacus.svg')).toBe(true);
    expect(isPublicImage('/media/private/id.jpg')).toBe(false);
    expect(isAppCode('/assets/index-abc.js')).toBe(true);
    expect(isAppCode('/sw.js')).toBe(false);
  });

  it('keeps only complete replies the server did not mark as one person’s', () => {
    const reply = (status: number, cacheControl?: string) =>
      new Response('x', { status, headers: cacheControl ? { 'cache-control': cacheControl } : {} });
    expect(mayKeepReply(reply(200, 'no-cache'))).toBe(true);
    expect(mayKeepReply(reply(200))).toBe(true);
    expect(mayKeepReply(reply(200, 'private, no-store'))).toBe(false);
    expect(mayKeepReply(reply(200, 'no-store'))).toBe(false);
    expect(mayKeepReply(reply(200, 'Private, max-age=60'))).toBe(false);
    expect(mayKeepReply(reply(404))).toBe(false);
    expect(mayKeepReply(reply(206))).toBe(false);
  });
});
