import { describe, expect, it } from 'vitest';
import { appAddress, elementAt, placeOf } from './hand-over';

type Element = { name: string; parentElement: Element | null; children: Element[] };

/** A tree of elements as the DOM links them. */
const tree = (name: string, ...children: Element[]): Element => {
  const element: Element = { name, parentElement: null, children };
  for (const child of children) child.parentElement = element;
  return element;
};
const page = () =>
  tree('root', tree('header', tree('a')), tree('main', tree('section', tree('p'), tree('button')), tree('aside')));

const url = new URL('https://gift.example/campaigns/7?ref=whatsapp');
const here = { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search };
const anchor = (href: string, attributes: Record<string, string> = {}) => ({
  href: new URL(href, here.href).href,
  target: attributes.target ?? '',
  hasAttribute: (name: string) => name in attributes,
});

describe('a light page handing a click over to the app', () => {
  it('finds the same element in a drawing of the same page', () => {
    const server = page();
    const button = server.children[1]!.children[0]!.children[1]!;
    const place = placeOf(server, button);
    expect(place).toEqual([1, 0, 1]);
    const app = page();
    expect(elementAt(app, place)).toBe(app.children[1]!.children[0]!.children[1]);
    expect(elementAt(app, place)?.name).toBe('button');
    expect(elementAt(app, [4, 2])).toBeUndefined();
  });

  it("opens this site's pages in the app and leaves the rest to the browser", () => {
    expect(appAddress(anchor('/campaigns'), here)).toBe('/campaigns');
    expect(appAddress(anchor('/#success-stories'), here)).toBe('/#success-stories');
    expect(appAddress(anchor('/donate/7?units=2'), here)).toBe('/donate/7?units=2');
    expect(appAddress(anchor('/campaigns/7'), here)).toBe('/campaigns/7');
    // Another site, a new tab, a download, the API, or a place on this very page.
    expect(appAddress(anchor('https://wa.me/?text=hi'), here)).toBeNull();
    expect(appAddress(anchor('mailto:help@gift.example'), here)).toBeNull();
    expect(appAddress(anchor('/login', { target: '_blank' }), here)).toBeNull();
    expect(appAddress(anchor('/login', { target: '_self' }), here)).toBe('/login');
    expect(appAddress(anchor('/campaigns/7/poster', { download: '' }), here)).toBeNull();
    expect(appAddress(anchor('/api/campaigns/7/poster'), here)).toBeNull();
    expect(appAddress(anchor('/campaigns/7?ref=whatsapp#main-content'), here)).toBeNull();
  });
});
