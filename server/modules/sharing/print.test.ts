import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatNaira } from '@contract/money';
import { createOrganizationCampaign, createRecipientCampaign } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { printablePhoto } from './campaign-photo';
import { cutAtWord } from '@contract/text';
import { REASON_LIMIT, renderPoster, SCAN_OR_TYPE } from './poster';
import type { ShareFacts } from './share-facts';
import { shareFactsOf } from './share-facts';

const PUBLIC_URL = 'https://gift.example.ng';
// Whoever sends the request writes these; no address may come from them.
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

let ctx: TestContext;
let address = 0;
const get = (url: string) => {
  address += 1;
  return ctx.app.inject({ method: 'GET', url, headers: HOSTILE, remoteAddress: `10.61.0.${address % 250}` });
};

const open: Record<'recipient' | 'organization', string> = { recipient: '', organization: '' };
const LONG_REASON = 'I teach mathematics at a secondary school in Ibadan and lost my sight two years ago. '
  .repeat(8)
  .trim();

beforeAll(async () => {
  ctx = await startTestApp({ publicUrl: `${PUBLIC_URL}/` });
  const db = ctx.database.db;
  open.recipient = String(await createRecipientCampaign(db, { reason: LONG_REASON }));
  open.organization = `org-${await createOrganizationCampaign(db, 10, { status: 'partially_fulfilled', unitsFulfilled: 3 })}`;
});
afterAll(() => stopTestApp(ctx));

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).raw().ensureAlpha().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

type StructNode = { role?: string; alt?: string; children?: StructNode[] };
/** The structure tree's roles in reading order, with a figure's alternative text beside its role. */
const rolesOf = (node: StructNode): string[] =>
  (node.children ?? []).flatMap((child) =>
    child.role ? [child.alt ? `${child.role}: ${child.alt}` : child.role, ...rolesOf(child)] : [],
  );

async function readPdf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const page = await pdf.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  const tree = (await page.getStructTree()) as StructNode;
  const markInfo = await pdf.getMarkInfo();
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  const viewport = page.getViewport({ scale: 1 });
  const pages = pdf.numPages;
  await pdf.destroy();
  return { text, roles: rolesOf(tree), markInfo, title: info.Title, size: [viewport.width, viewport.height], pages };
}

describe.each(['recipient', 'organization'] as const)('the QR code of an open %s campaign', (kind) => {
  const expected = () => `${PUBLIC_URL}/campaigns/${open[kind]}?ref=qr`;

  it('as a PNG decodes to the campaign page on PUBLIC_URL, marked as coming from a code', async () => {
    const res = await get(`/api/campaigns/${open[kind]}/qr.png`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['content-disposition']).toBe(`inline; filename="campaign-${open[kind]}-qr.png"`);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBeGreaterThanOrEqual(600);
    expect(await decodeQr(res.rawPayload)).toBe(expected());
  });

  it('as an SVG is a named image that decodes to the same address', async () => {
    const res = await get(`/api/campaigns/${open[kind]}/qr.svg`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const facts = (await shareFactsOf(ctx.database.db, ctx.app.storage, open[kind]))!;
    expect(res.body).toContain('role="img"');
    const titleId = /aria-labelledby="(qr-title-[0-9a-f]{12})"/.exec(res.body)?.[1];
    expect(res.body).toContain(`<title id="${titleId}">QR code for ${facts.title}</title>`);
    expect(res.body).not.toContain('evil.example');
    // Drawn by a real SVG renderer: a malformed file would not draw, let alone decode.
    const drawn = await sharp(res.rawPayload, { density: 144 }).png().toBuffer();
    expect(await decodeQr(drawn)).toBe(expected());
  });
});

describe.each(['recipient', 'organization'] as const)('the poster of an open %s campaign', (kind) => {
  it('is a one-page A4 PDF with the title, the reason, the progress and the address to type', async () => {
    const res = await get(`/api/campaigns/${open[kind]}/poster.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="campaign-${open[kind]}-poster.pdf"`);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const facts = (await shareFactsOf(ctx.database.db, ctx.app.storage, open[kind]))!;
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.size.map(Math.round)).toEqual([595, 842]);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain(facts.title);
    expect(text).toContain(`gift.example.ng/campaigns/${open[kind]}`);
    expect(text).toContain(SCAN_OR_TYPE);
    expect(text).toContain(`${formatNaira(facts.raisedKobo)} raised of ${formatNaira(facts.goalKobo)}`);
    expect(text).toContain(cutAtWord(facts.reason, REASON_LIMIT).slice(0, 60));
    // The same words as the campaign's preview image (progress-words.ts).
    expect(text).toContain(kind === 'organization' ? '3 of 10 units funded' : '% funded');
    expect(text).not.toContain('evil.example');
  });

  it('is tagged, in English (Nigeria), and read in order: heading, picture, words, then the code', async () => {
    const bytes = (await get(`/api/campaigns/${open[kind]}/poster.pdf`)).rawPayload;
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
    expect(raw).toMatch(/<<\s*\/Marked true\s*>>/);
    expect(raw).toMatch(/\/StructTreeRoot \d+ 0 R/);
    expect(raw).toContain('/Lang (en-NG)');
    expect(raw).toMatch(/\/DisplayDocTitle true/);
    expect(raw).toContain('<pdfuaid:part>1</pdfuaid:part>');

    const facts = (await shareFactsOf(ctx.database.db, ctx.app.storage, open[kind]))!;
    const pdf = await readPdf(bytes);
    expect(pdf.markInfo).toMatchObject({ Marked: true });
    expect(pdf.title).toContain(facts.title);
    expect(pdf.roles).toEqual([
      'Document',
      'P',
      'P',
      'H1',
      `Figure: Picture of ${facts.productName}`,
      'P',
      'P',
      'P',
      `Figure: QR code: scan to open gift.example.ng/campaigns/${open[kind]}`,
      'P',
      'P',
      'Link',
    ]);
  });
});

describe('a campaign that is not open', () => {
  const closed = 'This campaign is not open for gifts, so it has no poster.';

  it('gets no code or poster once funded or closed, in words', async () => {
    const db = ctx.database.db;
    const ids = [
      String(await createRecipientCampaign(db, { status: 'purchased' })),
      `org-${await createOrganizationCampaign(db, 4, { status: 'fulfilled' })}`,
    ];
    for (const id of ids) {
      const poster = await get(`/api/campaigns/${id}/poster.pdf`);
      expect(poster.statusCode, id).toBe(404);
      expect(poster.json()).toMatchObject({ message: closed, code: 'campaign_not_open' });
      for (const file of ['qr.png', 'qr.svg']) {
        const res = await get(`/api/campaigns/${id}/${file}`);
        expect(res.statusCode, `${id} ${file}`).toBe(404);
        expect(res.json().message).toBe('This campaign is not open for gifts, so it has no QR code.');
      }
    }
  });

  it('is not found while pending, closed to the public or missing, as if it did not exist', async () => {
    const db = ctx.database.db;
    const ids = [
      String(await createRecipientCampaign(db, { status: 'pending' })),
      `org-${await createOrganizationCampaign(db, 4, { status: 'pending' })}`,
      `org-${await createOrganizationCampaign(db, 4, { status: 'closed' })}`,
      '2147483647',
      'org-2147483647',
    ];
    for (const id of ids) {
      for (const file of ['qr.png', 'qr.svg', 'poster.pdf']) {
        const res = await get(`/api/campaigns/${id}/${file}`);
        expect(res.statusCode, `${id} ${file}`).toBe(404);
        expect(res.json().message).toMatch(/^(Campaign not found\.|This campaign is not open for gifts, so it has no)/);
      }
    }
  });

  it('answers an id that is not one with a 400 in words', async () => {
    for (const id of ['abc', '0', 'org-', 'org-0', '12.5', '99999999999', 'org-1x', '-3']) {
      const res = await get(`/api/campaigns/${encodeURIComponent(id)}/poster.pdf`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toContain('Campaign id must be a number such as 12');
    }
  });
});

describe('limits', () => {
  it('refuses a flood from one address with 429 and Retry-After', async () => {
    let last;
    for (let i = 0; i < 121; i += 1) {
      last = await ctx.app.inject({
        method: 'GET',
        url: '/api/campaigns/2147483646/qr.svg',
        remoteAddress: '10.62.0.1',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().message).toMatch(/Too many codes and posters/);
  });
});

describe('the picture on a poster', () => {
  it('comes from an uploaded WebP or a shipped SVG as a JPEG a PDF can hold, and is left out when missing', async () => {
    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const key = 'public/products/0123456789abcdef01234567-64x48.webp';
    await ctx.app.storage.write(key, webp, 'image/webp');
    for (const from of [key, 'seed/white-cane.svg']) {
      const jpeg = await printablePhoto(ctx.app.storage, from);
      expect(jpeg?.subarray(0, 3).toString('hex'), from).toBe('ffd8ff');
    }
    expect(await printablePhoto(ctx.app.storage, 'public/products/missing.webp')).toBeNull();
    expect(await printablePhoto(ctx.app.storage, 'seed/../../config.ts')).toBeNull();
    expect(await printablePhoto(ctx.app.storage, null)).toBeNull();
  });
});

/** Words of a realistic kind, to exactly `length` characters. */
const wordsOf = (start: string, length: number) =>
  `${start} ${'with braille keys and audio '.repeat(10)}`.slice(0, length).replace(/ $/, 's');

describe('a poster with the longest names', () => {
  const productName = wordsOf('Refreshable Braille Display', 150);
  const base: ShareFacts = {
    kind: 'organization',
    publicId: 'org-7',
    title: '',
    productName,
    forWhom: '',
    reason: LONG_REASON,
    raisedKobo: 12_000_00,
    goalKobo: 420_000_00,
    unitsFunded: 1,
    quantity: 10,
    takesGifts: true,
    isFunded: false,
    imageKey: null,
    path: '/campaigns/org-7',
  };

  it.each([
    ['a 150-character product for a short school', 'Ibadan School for the Blind'],
    ['a 150-character product for a 160-character organization', wordsOf('Federal Government College', 160)],
  ])('shows %s as a visible heading, and keeps the whole title for screen readers', async (_, forWhom) => {
    const title = `${productName} for ${forWhom}`;
    const bytes = await renderPoster({ facts: { ...base, title, forWhom }, baseUrl: PUBLIC_URL, photo: null });
    const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true })
      .promise;
    expect(pdf.numPages).toBe(1);
    const page = await pdf.getPage(1);
    const items = (await page.getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() ? [item] : [],
    );
    const heading = items.filter((item) => productName.startsWith(item.str.trim()) || title.includes(item.str.trim()));
    // The heading's first line starts the title, in type big enough to read across a room.
    const first = heading.find((item) => productName.startsWith(item.str.trim()))!;
    expect(first, items.map((i) => i.str).join('|')).toBeDefined();
    expect(first.height).toBeGreaterThanOrEqual(20);
    expect(Math.hypot(first.transform[2], first.transform[3])).toBeGreaterThanOrEqual(20);
    const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toBe(`${title}: a poster to give`);
    await pdf.destroy();
    const shown = items.map((item) => item.str).join(' ');
    if (shown.replace(/\s+/g, ' ').includes(title)) return;
    // Cut after a word: the heading ends with an ellipsis and carries the whole title as its ActualText.
    expect(shown).toContain('…');
    expect(bytes.toString('latin1')).toContain(`/ActualText (${title})`);
  });
});

describe('a picture that cannot be read', () => {
  it('leaves the poster without it, sent once and kept nowhere, and the next request tries again', async () => {
    const db = ctx.database.db;
    const key = 'public/products/00000000000000000000feed-64x48.webp';
    await ctx.app.storage.write(
      key,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const id = await createRecipientCampaign(db, { product: 'Orbit Reader 20 Braille Display' });
    await db.execute(sql`update products set image_key = ${key} where name = 'Orbit Reader 20 Braille Display'`);
    const read = vi.spyOn(ctx.app.storage, 'read').mockRejectedValue(new Error('storage is down'));
    try {
      const failed = await get(`/api/campaigns/${id}/poster.pdf`);
      expect(failed.statusCode, failed.body).toBe(200);
      expect(failed.headers['cache-control']).toBe('no-store');
      expect((await readPdf(failed.rawPayload)).roles.some((role) => role.startsWith('Figure: Picture'))).toBe(false);
    } finally {
      read.mockRestore();
    }
    const again = await get(`/api/campaigns/${id}/poster.pdf`);
    expect(again.headers['cache-control']).toBe('public, max-age=300');
    expect((await readPdf(again.rawPayload)).roles.some((role) => role.startsWith('Figure: Picture'))).toBe(true);
  });
});
