import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keepVisitSource } from './keep-visit-source';
import { VISIT_SOURCE_DAYS, visitSource } from './visit-source';

const store = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});

const DAY = 86_400_000;

describe('the share link a visit came by', () => {
  beforeEach(() => store.clear());

  it('keeps a known source from ?ref= and gives it back to the checkout', () => {
    expect(visitSource()).toBeUndefined();
    keepVisitSource('?ref=whatsapp&q=cane');
    expect(visitSource()).toBe('whatsapp');
  });

  it('lets the latest share link win, and ignores links that name no known source', () => {
    keepVisitSource('?ref=qr');
    keepVisitSource('?ref=email');
    expect(visitSource()).toBe('email');
    for (const search of ['?ref=myspace', '?ref=', '?ref=WhatsApp', '', '?other=x']) keepVisitSource(search);
    expect(visitSource()).toBe('email');
  });

  it(`forgets it after ${VISIT_SOURCE_DAYS} days, and reads anything unreadable as none`, () => {
    keepVisitSource('?ref=facebook');
    const at = JSON.parse(store.get('giftSource')!).at as number;
    expect(visitSource(at + (VISIT_SOURCE_DAYS * DAY - 1))).toBe('facebook');
    expect(visitSource(at + VISIT_SOURCE_DAYS * DAY)).toBeUndefined();
    // A clock set back is not a reason to keep it for ever.
    expect(visitSource(at - DAY)).toBeUndefined();
    store.set('giftSource', '{not json');
    expect(visitSource()).toBeUndefined();
    store.set('giftSource', JSON.stringify({ source: 'myspace', at: Date.now() }));
    expect(visitSource()).toBeUndefined();
  });
});
