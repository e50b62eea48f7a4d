import { isIP } from 'node:net';

/**
 * Which hops in front of the server may speak for the client through X-Forwarded-For, -Proto and
 * -Host. The client writes the leftmost X-Forwarded-For entries itself, so trusting every hop would
 * let anyone choose the address every per-address rate limit counts.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY: false (default), a hop count, or proxy addresses/CIDRs separated by commas. */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy; notice?: string } | { error: string } {
  const text = (raw ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no' || text === '0') return { value: false };
  if (text === 'true' || text === 'yes') {
    return {
      value: { hops: 1 },
      notice:
        'TRUST_PROXY=true is read as 1: only the nearest proxy is trusted and the client address is the entry it added ' +
        "to X-Forwarded-For. Set a hop count or the proxies' addresses to say so explicitly.",
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { value: { hops } } : { error: 'TRUST_PROXY hop count must be at most 10' };
  }
  const proxies = text.split(',').map((p) => p.trim());
  const bad = proxies.filter((p) => !isProxyAddress(p));
  if (bad.length > 0) {
    return {
      error: `TRUST_PROXY must be false, a hop count, or proxy addresses/CIDRs separated by commas (not ${bad.join(', ')})`,
    };
  }
  return { value: { proxies } };
}

/** Fastify's `trustProxy` option for our setting. */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('proxies' in trust) return trust.proxies;
  // Fastify fails closed on a bare number (it trusts no hop at all); proxy-addr's hop-count
  // rule is this function: the socket's peer is hop 0, the rightmost X-Forwarded-For entry hop 1.
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}
