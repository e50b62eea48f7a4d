import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageHtml, followsQuery, PAGE_MODULES } from './page-html';

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-page-html-'));
afterAll(() => fs.rmSync(webDir, { recursive: true, force: true }));
const index =
  '<!doctype html><html><head><title>Gift of Independence</title></head><body><div id="root"></div></body></html>';
fs.writeFileSync(path.join(webDir, 'index.html'), index);

/** The HTML alone of each address (whether it was drawn is checked where it matters). */
const pageHtml = (...args: Parameters<typeof createPageHtml>) => {
  const make = createPageHtml(...args);
  return async (urlPath: string) => (await make(urlPath)).html;
};

describe('page HTML', () => {
  it('leaves a page undrawn when asked to, as for a page that follows its query and has one', async () => {
    const make = createPageHtml(webDir, undefined, async () => ({
      title: 'Search Campaigns',
      html: '<main></main>',
      state: null,
    }));
    expect(await make('/search')).toMatchObject({ drawn: true });
    expect(await make('/search', { draw: false })).toEqual({ html: index, drawn: false });
    expect(followsQuery('/search')).toBe(true);
    expect(followsQuery('/search/')).toBe(true);
    expect(followsQuery('/campaigns')).toBe(false);
  });

  it('names only pages the router loads lazily', () => {
    const router = fs.readFileSync(path.resolve('web/app/router.tsx'), 'utf8');
    const lazyPages = new Set([...router.matchAll(/import\('@\/([^']+)'\)/g)].map((m) => `${m[1]}.tsx`));
    for (const [, source] of PAGE_MODULES) expect(lazyPages, source).toContain(source);
  });

  it('adds the page code, early data and top image for an address, and leaves others alone', async () => {
    fs.writeFileSync(
      path.join(webDir, 'page-chunks.json'),
      JSON.stringify({ 'features/accounts/login-page.tsx': ['assets/login-page-abc.js', 'assets/shared-def.js'] }),
    );
    const html = pageHtml(webDir, async (urlPath) =>
      urlPath === '/campaigns/7'
        ? { images: [{ href: '/media/a "b".svg' }], data: ['/api/campaigns/7'] }
        : { images: [], data: [] },
    );
    const login = await html('/login');
    expect(login).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-page-abc.js"><link rel="modulepreload" crossorigin href="/assets/shared-def.js"></head>',
    );
    const campaign = await html('/campaigns/7');
    expect(campaign).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/a &quot;b&quot;.svg">',
    );
    expect(campaign).toContain('<link rel="preload" as="fetch" crossorigin href="/api/campaigns/7">');
    expect(await html('/')).toBe(index);
    expect(await html('/about')).toBe(index);
  });

  it('names the sizes of an image kept in several, as the page picks them', async () => {
    const html = pageHtml(webDir, async () => ({
      images: [
        {
          href: '/media/public/p/a-640.webp',
          srcset: '/media/public/p/a-320.webp 320w, /media/public/p/a-640.webp 640w',
          sizes: '100vw',
        },
      ],
      data: [],
    }));
    expect(await html('/campaigns/7')).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/public/p/a-640.webp" imagesrcset="/media/public/p/a-320.webp 320w, /media/public/p/a-640.webp 640w" imagesizes="100vw" type="image/webp">',
    );
  });

  it('carries a drawn page inside #root with the data it was drawn with, and names neither its data nor its code', async () => {
    fs.writeFileSync(
      path.join(webDir, 'page-chunks.json'),
      JSON.stringify({ 'features/campaigns/campaign-detail-page.tsx': ['assets/detail-abc.js'] }),
    );
    const html = pageHtml(
      webDir,
      async () => ({ images: [{ href: '/media/a.svg' }], data: ['/api/campaigns/7'] }),
      async (urlPath) =>
        urlPath === '/campaigns/7'
          ? { title: 'Cane & <b>', html: '<h1>Ada</h1>', state: { reason: '</script><script>alert(1)</script> <!--' } }
          : null,
    );
    const drawn = await html('/campaigns/7');
    expect(drawn).toContain('<link rel="preload" as="image" fetchpriority="high" href="/media/a.svg"></head>');
    expect(drawn).toContain('<title>Cane &amp; &lt;b></title>');
    expect(drawn).not.toContain('as="fetch"');
    expect(drawn).not.toContain('modulepreload');
    // The data cannot end its script element early: every < is escaped, and JSON reads it back as it was.
    const data =
      /<script type="application\/json" id="page-data">(.*?)<\/script><div id="root"><h1>Ada<\/h1><\/div>/.exec(drawn);
    expect(data?.[1]).not.toContain('<');
    expect(JSON.parse(data![1]!)).toEqual({ reason: '</script><script>alert(1)</script> <!--' });
    // A page drawn with no data carries no data element; one the server does not draw is as before.
    const plain = pageHtml(webDir, undefined, async () => ({
      title: 'About $&',
      html: '<p>$& $1</p>',
      state: null,
    }));
    expect(await plain('/about')).toBe(
      index
        .replace('<title>Gift of Independence</title>', () => '<title>About $&amp;</title>')
        .replace('<div id="root"></div>', () => '<div id="root"><p>$& $1</p></div>'),
    );
    expect(await html('/campaigns/8')).toContain('<link rel="modulepreload"');
    expect(await pageHtml(webDir, undefined, () => Promise.reject(new Error('bug')))('/about')).toBe(index);
    // Only a page the server drew says so: a fallback to index.html is never kept (decision 0048).
    const drawnOrNot = createPageHtml(webDir, undefined, async (urlPath) =>
      urlPath === '/about' ? { title: 'About', html: '<p>About</p>', state: null } : null,
    );
    expect((await drawnOrNot('/about')).drawn).toBe(true);
    expect((await drawnOrNot('/campaigns/7')).drawn).toBe(false);
  });

  it("gives a drawn light page the islands' entry in place of the app's, and every other page the app's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-page-html-light-'));
    try {
      const withApp = index.replace(
        '</head>',
        '<script type="module" crossorigin src="/assets/index-a.js"></script>\n</head>',
      );
      fs.writeFileSync(path.join(dir, 'index.html'), withApp);
      fs.writeFileSync(
        path.join(dir, 'entries.json'),
        JSON.stringify({
          app: { script: 'assets/index-a.js', imports: ['assets/shared-b.js'] },
          light: { script: 'assets/light-c.js', imports: ['assets/shared-b.js'] },
        }),
      );
      const html = pageHtml(dir, undefined, async (urlPath) =>
        urlPath === '/campaigns/8' ? null : { title: 'Drawn', html: '<h1>Drawn</h1>', state: null },
      );
      // A drawn light page names its script alone: nothing else competes with what it paints.
      const light = await html('/campaigns/7');
      expect(light).toContain('<script type="module" crossorigin src="/assets/light-c.js"></script></head>');
      expect(light).not.toContain('index-a.js');
      expect(light).not.toContain('modulepreload');
      // The sign-in page is one too, and so are the home page, the list, the bare search, the reading
      // matter, the public ledger and receipts again.
      for (const address of [
        '/',
        '/campaigns',
        '/search',
        '/login',
        '/about',
        '/how-it-works',
        '/help',
        '/supported-states',
        '/organizations',
        '/terms-of-service',
        '/privacy-policy',
        '/transparency',
        '/fund',
        '/receipts',
      ])
        expect(await html(address), address).toContain('/assets/light-c.js');
      // A light page drawn with a section loading (its data could not be had) loads the app, which fetches it.
      const incomplete = pageHtml(dir, undefined, async () => ({
        title: 'Drawn',
        html: '<h1>Drawn</h1>',
        state: null,
        complete: false,
      }));
      expect(await incomplete('/')).toContain('/assets/index-a.js');
      expect(await incomplete('/')).not.toContain('light-c.js');
      // A drawn page that is not light loads the app, and names nothing early either.
      const other = await html('/forgot-password');
      expect(other).toContain('/assets/index-a.js');
      expect(other).not.toContain('light-c.js');
      expect(other).not.toContain('modulepreload');
      // A page the browser draws (here a campaign the server could not draw) names the app's modules.
      const undrawn = await html('/campaigns/8');
      expect(undrawn).toContain('/assets/index-a.js');
      expect(undrawn).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-b.js">');
      expect(undrawn).not.toContain('light-c.js');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes a page's preview tags after its title, escaped, and none where the look-up has nothing or fails", async () => {
    const shell = index.replace('<title>', '<meta\n  name="description"\n  content="General." />\n<title>');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-page-meta-'));
    fs.writeFileSync(path.join(dir, 'index.html'), shell);
    const meta = {
      title: 'Cane "for" <Ada> & co',
      documentTitle: 'Cane | Site',
      description: 'A "quoted" <b>reason</b> & more.',
      canonicalUrl: 'https://gift.example.ng/campaigns/7',
      type: 'article' as const,
      siteName: 'Site',
      image: { url: 'https://gift.example.ng/i.png?a=1&b=2', type: 'image/png', width: 1200, height: 630, alt: 'Alt' },
    };
    const html = pageHtml(dir, undefined, undefined, async (urlPath) => (urlPath === '/campaigns/7' ? meta : null));
    const page = await html('/campaigns/7');
    expect(page).toContain(
      '<title>Cane | Site</title><link rel="canonical" href="https://gift.example.ng/campaigns/7"><meta name="description" content="A &quot;quoted&quot; &lt;b>reason&lt;/b> &amp; more.">',
    );
    expect(page).toContain('<meta property="og:title" content="Cane &quot;for&quot; &lt;Ada> &amp; co">');
    expect(page).toContain('<meta property="og:image" content="https://gift.example.ng/i.png?a=1&amp;b=2">');
    expect(page).toContain('<meta property="og:image:width" content="1200">');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page).not.toContain('General.');
    expect(await html('/admin')).toBe(index);
    const failing = pageHtml(dir, undefined, undefined, () => Promise.reject(new Error('database down')));
    expect(await failing('/campaigns/7')).toBe(index);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the plain page when the look-up fails or there is no chunk list', async () => {
    fs.rmSync(path.join(webDir, 'page-chunks.json'));
    const html = pageHtml(webDir, () => Promise.reject(new Error('database down')));
    expect(await html('/campaigns/7')).toBe(index);
    expect(await html('/login')).toBe(index);
  });
});
