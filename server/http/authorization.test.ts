import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInNewAdmin, signUpUser } from '../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
const tokens: Record<string, string> = {};
const ROLES = ['donor', 'recipient', 'organization', 'admin'] as const;

beforeAll(async () => {
  ctx = await startTestApp();
  for (const role of ['donor', 'recipient', 'organization'] as const)
    tokens[role] = (await signUpUser(ctx.app, undefined, { role })).token;
  tokens.admin = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
});
afterAll(() => stopTestApp(ctx));

/** Fills path parameters with a plausible value; the check under test runs before they are read. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('authorization matrix', () => {
  it('every /api route declares who may call it', () => {
    const api = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(15);
    for (const r of api) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('lets each caller through exactly where the route says', async () => {
    const failures: string[] = [];
    // Signing out revokes the caller's token, so that route goes last.
    const routes = [...ctx.app.routeTable].sort(
      (a, b) => Number(a.url === '/api/auth/logout') - Number(b.url === '/api/auth/logout'),
    );
    for (const route of routes) {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) continue;
      const callers = ['anonymous', ...ROLES] as const;
      for (const caller of callers) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          payload: route.method === 'GET' ? undefined : {},
          headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
          remoteAddress: '10.9.9.9',
        });
        const allowed = route.access === 'public' || (caller !== 'anonymous' && route.access.includes(caller));
        const expected = allowed ? 'through' : caller === 'anonymous' ? 401 : 403;
        const got = res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through';
        // A public route may still answer 401/403 for its own reasons (a wrong password): only a
        // protected route's refusals are checked strictly, and allowed callers must never be refused by role.
        if (allowed && res.statusCode === 403 && res.json().message === 'This is not available for your account.') {
          failures.push(`${route.method} ${route.url} as ${caller}: refused by role`);
        } else if (!allowed && got !== expected) {
          failures.push(`${route.method} ${route.url} as ${caller}: expected ${expected}, got ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a made-up or malformed bearer token on a protected route', async () => {
    for (const authorization of ['Bearer made-up-token-that-is-long-enough', 'Basic abc', 'Bearer ', 'Bearer a b']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});
