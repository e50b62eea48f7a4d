import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { LIMITS } from '../modules/accounts/routes';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { clientKey } from './rate-limit';

let ctx: TestContext | undefined;
afterEach(async () => {
  await stopTestApp(ctx);
  ctx = undefined;
});

async function start(trustProxy: Config['trustProxy']) {
  ctx = await startTestApp({ trustProxy });
  return { app: ctx.app };
}

/** Starts an app trusting `trustProxy`; `seen` tells the address a real route counted a request under. */
async function withTrust(trustProxy: Config['trustProxy']) {
  const { app } = await start(trustProxy);
  const counted = (address: string) => app.limits.peek(LIMITS.userExistsPerAddress, clientKey(address));
  return async function seen(remoteAddress: string, forwardedFor?: string): Promise<string> {
    const candidates = [
      remoteAddress,
      ...(forwardedFor ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ];
    const before = await Promise.all(candidates.map(counted));
    const res = await app.inject({
      method: 'GET',
      url: '/api/auth/user-exists?email=someone@example.org',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    expect(res.statusCode).toBe(200);
    const after = await Promise.all(candidates.map(counted));
    const grown = candidates.filter((_, i) => after[i]! > before[i]!);
    expect(grown).toHaveLength(1);
    return grown[0]!;
  };
}

describe('TRUST_PROXY', () => {
  it('reads false, hop counts and proxy lists, and takes true as one hop with a notice', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual({
      proxies: ['10.0.0.0/8', '192.168.1.7', '::1'],
    });
    const fromTrue = loadConfig({ TRUST_PROXY: 'true' });
    expect(fromTrue.trustProxy).toEqual({ hops: 1 });
    expect(fromTrue.startupNotices.join(' ')).toMatch(/TRUST_PROXY=true is read as 1/);
    expect(loadConfig({ TRUST_PROXY: '1' }).startupNotices).toEqual([]);
  });

  it('refuses a value that is neither a count nor addresses, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everything' })).toThrow(/TRUST_PROXY.*not everything/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const seen = await withTrust(false);
    expect(await seen('203.0.113.7', '6.6.6.6')).toBe('203.0.113.7');
  });

  it('with one hop, takes the entry the proxy added and ignores what the client wrote before it', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy at 10.0.0.1 appended the client's real address.
    const seen = await withTrust({ hops: 1 });
    expect(await seen('10.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seen('10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('with two hops, skips the inner proxy and takes the address the outer one saw', async () => {
    // client 203.0.113.7 -> load balancer 10.0.0.1 -> proxy 10.0.0.2 -> server
    const seen = await withTrust({ hops: 2 });
    expect(await seen('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1')).toBe('203.0.113.7');
  });

  it('with a list, trusts only the listed proxies', async () => {
    const seen = await withTrust({ proxies: ['10.0.0.0/8'] });
    expect(await seen('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1')).toBe('203.0.113.7');
    // A client connecting directly cannot speak for anyone else.
    expect(await seen('198.51.100.9', '6.6.6.6')).toBe('198.51.100.9');
    // Nor can an unlisted hop in the middle vouch for the entries before it.
    expect(await seen('10.0.0.2', '6.6.6.6, 198.51.100.9')).toBe('198.51.100.9');
  });

  it('keeps per-address limits when the client rotates a spoofed X-Forwarded-For', async () => {
    const { app } = await start({ hops: 1 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `198.18.0.${i}, 203.0.113.50` },
        // A new email each time, so only the per-address limit (10 per 15 minutes) can refuse.
        payload: { email: `nobody-${i}@example.org` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({ code: 'rate_limited' });
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);

    // Another client behind the same proxy is counted on its own.
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.51' },
      payload: { email: 'nobody-else@example.org' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('reads X-Forwarded-Proto only from a trusted proxy', async () => {
    const { app } = await start({ proxies: ['10.0.0.1'] });
    const viaProxy = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      remoteAddress: '10.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBeDefined();
    const direct = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      remoteAddress: '198.51.100.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });
});
