import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRecipientCampaignSchema } from '@contract/campaigns';
import { storySchema } from '@contract/content';
import { selectRows } from '../../db/client';
import { storedKeysOf } from '../../providers/storage/image-keys';
import { createRecipientCampaign, signInNewAdmin, uploadFile } from '../../test/fixtures';
import { jpegWithGps, pngFile } from '../../test/files';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${admin.token}` } });
const upload = async (purpose: 'productImage' | 'storyImage', bytes: Buffer, type = 'image/jpeg') =>
  (
    await uploadFile(ctx.app, admin.token, {
      purpose,
      fileName: type === 'image/png' ? 'photo.png' : 'photo.jpg',
      type,
      bytes,
    })
  ).key;
const exists = async (key: string) => 'bytes' in (await ctx.app.storage.read(key, 10_000_000));
const served = async (url: string) => {
  const reply = await ctx.app.inject({ method: 'GET', url });
  expect(reply.statusCode, url).toBe(200);
  return reply;
};
/** Each address of a srcset with the width it declares. */
const candidates = (srcset: string) =>
  srcset.split(', ').map((c) => {
    const [url, w] = c.split(' ');
    return { url: url!, width: Number.parseInt(w!, 10) };
  });

describe('uploaded images in the sizes pages show', () => {
  it('keeps each size as WebP and JPEG under a content-hashed key, serves each for a year, and the replies carry srcset', async () => {
    const name = 'Sized Braille Display';
    const created = await call('POST', '/api/products', {
      name,
      description: 'A braille display.',
      price: 1_000_000,
      imageKey: await upload('productImage', await jpegWithGps(2000, 1500)),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const key = (
      await selectRows<{ key: string }>(ctx.database.db, sql`select image_key as key from products where id = ${id}`)
    )[0]!.key;

    // One key in the row: the largest WebP, named by its bytes' hash and its size (within 1280).
    const match = /^public\/product-image\/([0-9a-f]{16})[0-9a-f]{8}-1280x960\.webp$/.exec(key);
    expect(match, key).not.toBeNull();
    const largest = (await ctx.app.storage.read(key, 10_000_000)) as { bytes: Buffer };
    expect(createHash('sha256').update(largest.bytes).digest('hex').slice(0, 16)).toBe(match![1]);

    const catalog = (await call('GET', '/api/products')).json() as {
      id: number;
      image_url: string;
      image: { src: string; srcset: string; webp_srcset: string; width: number; height: number };
    }[];
    const product = catalog.find((p) => p.id === id)!;
    expect(product.image_url).toBe(`/media/${key}`);
    expect(product.image).toMatchObject({ width: 1280, height: 960 });
    const webp = candidates(product.image.webp_srcset);
    const jpeg = candidates(product.image.srcset);
    expect(webp.map((c) => c.width)).toEqual([160, 320, 640, 960, 1280]);
    expect(jpeg.map((c) => c.width)).toEqual([160, 320, 640, 960, 1280]);
    expect(product.image.src).toBe(jpeg.find((c) => c.width === 640)!.url);

    for (const [list, format, type] of [
      [webp, 'webp', 'image/webp'],
      [jpeg, 'jpeg', 'image/jpeg'],
    ] as const) {
      for (const c of list) {
        expect(c.url).toMatch(
          new RegExp(`^/media/public/product-image/${match![1]}[0-9a-f]{8}-1280x960(-\\d+)?\\.(webp|jpg)$`),
        );
        const reply = await served(c.url);
        expect(reply.headers['content-type']).toBe(type);
        expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(reply.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(c.width);
        expect(meta.height).toBe(c.width * 0.75);
        expect(meta.exif).toBeUndefined();
      }
    }

    // A campaign made from the product carries the same sizes.
    const campaignId = await createRecipientCampaign(ctx.database.db, { product: name });
    const campaign = publicRecipientCampaignSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}` })).json(),
    );
    expect(campaign.product_image).toEqual(product.image);
    expect(campaign.product_image_url).toBe(product.image_url);
  });

  it('never enlarges, keeps transparency in a PNG fallback, and removes every size with the record', async () => {
    const transparent = await sharp({
      create: { width: 500, height: 300, channels: 4, background: { r: 200, g: 50, b: 50, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const created = await call('POST', '/api/stories/admin', {
      title: 'Reading again',
      recipient_name: 'Ada',
      story_text: 'Ada reads her textbooks with a braille display now.',
      imageKey: await upload('storyImage', transparent, 'image/png'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const stories = (await ctx.app.inject({ method: 'GET', url: '/api/stories' })).json() as unknown[];
    const story = stories.map((s) => storySchema.parse(s)).find((s) => s.title === 'Reading again')!;
    expect(story.image).toMatchObject({ width: 500, height: 300 });
    expect(candidates(story.image!.webp_srcset).map((c) => c.width)).toEqual([160, 320, 500]);
    const fallback = candidates(story.image!.srcset);
    expect(fallback.every((c) => c.url.endsWith('.png'))).toBe(true);
    const png = await served(fallback.at(-1)!.url);
    expect(png.headers['content-type']).toBe('image/png');
    expect((await sharp(png.rawPayload).metadata()).hasAlpha).toBe(true);

    const key = story.image_url!.replace(/^\/media\//, '');
    const keys = storedKeysOf(key);
    expect(keys).toHaveLength(6);
    for (const each of keys) expect(await exists(each), each).toBe(true);
    expect((await call('DELETE', `/api/stories/admin/${story.id}`)).statusCode).toBe(200);
    for (const each of keys) expect(await exists(each), each).toBe(false);
  });

  it('an image kept as a single file (a shipped drawing or an older upload) still shows, with no sizes', async () => {
    const campaigns = (await ctx.app.inject({ method: 'GET', url: '/api/campaigns?limit=5' })).json() as {
      product_image_url: string;
      product_image?: unknown;
    }[];
    const seeded = campaigns.find((c) => c.product_image_url?.startsWith('/media/seed/'))!;
    expect(seeded.product_image).toBeNull();
    await ctx.app.storage.write(
      'public/product-image/0123456789abcdef0123456789abcdef.webp',
      await sharp(await pngFile(40, 30))
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const old = await served('/media/public/product-image/0123456789abcdef0123456789abcdef.webp');
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(storedKeysOf('public/product-image/0123456789abcdef0123456789abcdef.webp')).toEqual([
      'public/product-image/0123456789abcdef0123456789abcdef.webp',
    ]);
  });
});
