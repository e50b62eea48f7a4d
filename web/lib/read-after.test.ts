import { beforeEach, describe, expect, it, vi } from 'vitest';

type Api = typeof import('./api');

let stored: Map<string, string>;
let sent: Array<{ url: string; headers: Record<string, string> }>;
let api: Api;

/** A tab with empty storage, and this app's API module freshly loaded with a transport that records what it sends. */
beforeEach(async () => {
  stored = new Map();
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('sessionStorage', storage);
  vi.resetModules();
  api = await import('./api');
  sent = [];
  api.setApiTransport(async (url, init) => {
    sent.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    const writing = init?.method === 'POST';
    return new Response('{}', {
      status: 200,
      headers: { 'content-type': 'application/json', ...(writing ? { 'written-at': '1796000000000' } : {}) },
    });
  });
});

describe('reading one’s own writes', () => {
  it('sends no Read-After before any write, so a read matches the page’s early request for it', async () => {
    await api.apiGet('/campaigns');
    expect(sent[0]!.headers['read-after']).toBeUndefined();
  });

  it('sends the Written-At of the last write as Read-After on the reads of the next minute, and not after', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    await api.apiRequest('/donations/fund', { method: 'POST', body: '{}' });
    expect(sent[0]!.headers['read-after']).toBeUndefined();
    now.mockReturnValue(1_030_000);
    await api.apiGet('/org-campaigns/7');
    expect(sent[1]!.headers['read-after']).toBe('1796000000000');
    now.mockReturnValue(1_061_000);
    await api.apiGet('/org-campaigns/7');
    expect(sent[2]!.headers['read-after']).toBeUndefined();
    now.mockRestore();
  });
});
