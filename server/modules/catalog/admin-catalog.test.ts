import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_URL_INVALID, PRODUCT_IMAGE_REQUIRED, SPECIFICATIONS_INVALID } from '@contract/catalog-admin';
import { selectRows } from '../../db/client';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  createUser,
  signInNewAdmin,
  signUpUser,
  uploadFile,
} from '../../test/fixtures';
import { pdfFile, pngFile } from '../../test/files';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: { token: string; user: { id: number } };
beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signInNewAdmin(ctx.app, ctx.database.db);
});
afterAll(() => stopTestApp(ctx));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = admin.token) =>
  ctx.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const image = async (bytes?: Buffer) =>
  (
    await uploadFile(ctx.app, admin.token, {
      purpose: 'productImage',
      fileName: 'device.png',
      type: 'image/png',
      bytes: bytes ?? (await pngFile(600, 400)),
    })
  ).key;
const actions = (entity: string, id: number) =>
  selectRows<{ action: string }>(
    ctx.database.db,
    sql`select action from admin_audit_log where entity_type = ${entity} and entity_id = ${String(id)} order by id`,
  ).then((r) => r.map((a) => a.action));
/** Every sentence of a refusal: the message and each field's. */
const sentences = (reply: { json(): unknown }) => {
  const body = reply.json() as { message: string; fieldErrors?: Record<string, string[]> };
  return [body.message, ...Object.values(body.fieldErrors ?? {}).flat()];
};
const exists = async (key: string) => 'bytes' in (await ctx.app.storage.read(key, 10_000_000));
const storedKey = async (table: 'products' | 'organization_products', id: number) =>
  (
    await selectRows<{ key: string | null }>(
      ctx.database.db,
      sql`select ${sql.raw(table === 'products' ? 'image_key' : 'image_url')} as key from ${sql.raw(table)} where id = ${id}`,
    )
  )[0]!.key;

describe('admin: recipient products', () => {
  it('creates with a checked image, edits, and deletes an unused product with its image', async () => {
    const bad = [
      [{ name: 'Cane', description: 'A cane.', price: 100 }, PRODUCT_IMAGE_REQUIRED],
      [{ name: 'Cane', description: 'A cane.', price: -100, imageKey: 'x' }, 'The price must be more than ₦0.'],
      [{ name: '  ', description: 'A cane.', price: 100, imageKey: 'x' }, 'Enter the product name.'],
    ] as const;
    for (const [body, sentence] of bad) {
      const reply = await call('POST', '/api/products', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(reply.json())).toContain(sentence);
    }
    const notImage = await uploadFile(ctx.app, admin.token, {
      purpose: 'productImage',
      fileName: 'device.png',
      type: 'image/png',
      bytes: pdfFile(),
    });
    const refused = await call('POST', '/api/products', {
      name: 'Cane',
      description: 'A cane.',
      price: 100,
      imageKey: notImage.key,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('is not really a PNG file');

    const created = await call('POST', '/api/products', {
      name: 'Talking Thermometer',
      description: 'Speaks the temperature aloud.',
      price: 2_500_000,
      imageKey: await image(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe('Successfully added product');
    const id = created.json().id as number;
    const first = (await storedKey('products', id))!;
    expect(first).toMatch(/\.webp$/);

    const edited = await call('PUT', `/api/products/${id}`, {
      name: 'Talking Thermometer',
      description: 'Speaks it aloud.',
      price: 2_600_000,
      imageKey: await image(),
    });
    expect(edited.json().message).toBe('Product updated successfully!');
    const second = (await storedKey('products', id))!;
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(false);

    const deleted = await call('DELETE', `/api/products/${id}`);
    expect(deleted.json()).toMatchObject({ message: 'Product deleted successfully!', withdrawn: false });
    expect(await exists(second)).toBe(false);
    expect(await actions('product', id)).toEqual(['product.create', 'product.update', 'product.delete']);
  });

  it('withdraws a product campaigns use: gone from the catalog, the campaign still shows it', async () => {
    const created = await call('POST', '/api/products', {
      name: 'Pocket Braille Labeller',
      description: 'Labels in braille.',
      price: 900_000,
      imageKey: await image(),
    });
    const id = created.json().id as number;
    const campaign = await createRecipientCampaign(ctx.database.db, { product: 'Pocket Braille Labeller' });
    const deleted = await call('DELETE', `/api/products/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ withdrawn: true });
    expect(deleted.json().message).toContain('withdrawn');
    expect(((await call('GET', '/api/products')).json() as { id: number }[]).some((p) => p.id === id)).toBe(false);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaign}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ product_name: 'Pocket Braille Labeller' });
    expect(await exists((await storedKey('products', id))!)).toBe(true);
    // A withdrawn product cannot be requested, edited or deleted again.
    expect((await call('PUT', `/api/products/${id}`, { name: 'x', description: 'y', price: 1 })).statusCode).toBe(404);
    const email = `labeller.${Date.now()}@example.org`;
    await createUser(ctx.database.db, 'recipient', { email, password: 'A long enough pass 2026' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'A long enough pass 2026' },
    });
    const request = await call(
      'POST',
      '/api/campaigns',
      { productId: id, reason: 'I need it to label my food tins at home.' },
      login.json().token,
    );
    expect(request.statusCode).toBe(400);
    expect(request.json().message).toBe('That product is not in the catalog.');
  });
});

describe('admin: organization products', () => {
  const base = {
    name: 'Classroom Abacus',
    description: 'A Cranmer abacus for maths lessons.',
    price: 1_200_000,
    max_quantity: 40,
  };

  it('validates the same way on add and on edit, and lists unavailable ones to admins only', async () => {
    for (const method of ['POST', 'PUT'] as const) {
      const created = await call('POST', '/api/admin/org-products', { ...base, specifications: { Beads: '13 rods' } });
      expect(created.statusCode).toBe(201);
      const id = created.json().id as number;
      const url = method === 'POST' ? '/api/admin/org-products' : `/api/admin/org-products/${id}`;
      for (const [body, sentence] of [
        [{ ...base, specifications: ['not', 'an', 'object'] }, SPECIFICATIONS_INVALID],
        [{ ...base, specifications: { Beads: { nested: true } } }, SPECIFICATIONS_INVALID],
        [{ ...base, image_url: 'not a link' }, IMAGE_URL_INVALID],
        [{ ...base, image_url: 'https://example.org/abacus.jpg' }, IMAGE_URL_INVALID],
        [{ ...base, image_url: '/media/public/../private/id-document/1/x.pdf' }, IMAGE_URL_INVALID],
        [{ ...base, image_url: '/api/files/download?key=private%2Fx' }, IMAGE_URL_INVALID],
        [{ ...base, price: -5 }, 'The price must be more than ₦0.'],
        [{ ...base, max_quantity: 0 }, 'The maximum quantity must be at least 1.'],
      ] as const) {
        const reply = await call(method, url, body);
        expect(reply.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
        expect(sentences(reply)).toContain(sentence);
      }
    }
    const created = await call('POST', '/api/admin/org-products', {
      ...base,
      name: 'Hidden Abacus',
      is_available: false,
      image_url: '/media/seed/perkins-brailler.svg',
    });
    expect(created.json().message).toBe('Successfully added "Hidden Abacus"!');
    const id = created.json().id as number;
    const all = (await call('GET', '/api/admin/org-products')).json() as {
      id: number;
      is_available: boolean;
      image_url: string;
      specifications: object;
    }[];
    expect(all.find((p) => p.id === id)).toMatchObject({
      is_available: false,
      image_url: '/media/seed/perkins-brailler.svg',
      specifications: {},
    });
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    expect(
      ((await call('GET', '/api/organization/products', undefined, org.token)).json() as { id: number }[]).some(
        (p) => p.id === id,
      ),
    ).toBe(false);
    expect((await call('PUT', `/api/admin/org-products/${id}`, { ...base, id: id + 1 })).statusCode).toBe(400);
    const edited = await call('PUT', `/api/admin/org-products/${id}`, {
      ...base,
      id,
      is_available: true,
      imageKey: await image(),
    });
    expect(edited.json().message).toBe('Product updated successfully!');
    expect(await storedKey('organization_products', id)).toMatch(/\.webp$/);
  });

  it("takes an image address only when it is one of this site's images, kept as its path", async () => {
    const site = await startTestApp({ publicUrl: 'https://gift.example.ng/' });
    try {
      const siteAdmin = await signInNewAdmin(site.app, site.database.db);
      const send = (method: 'POST' | 'PUT', url: string, body: object) =>
        site.app.inject({ method, url, payload: body, headers: { authorization: `Bearer ${siteAdmin.token}` } });
      const own = await send('POST', '/api/admin/org-products', {
        ...base,
        name: 'Own Abacus',
        image_url: 'https://gift.example.ng/media/seed/perkins-brailler.svg',
      });
      expect(own.statusCode, own.body).toBe(201);
      const id = own.json().id as number;
      const stored = async () =>
        (
          await selectRows<{ key: string | null }>(
            site.database.db,
            sql`select image_url as key from organization_products where id = ${id}`,
          )
        )[0]!.key;
      expect(await stored()).toBe('/media/seed/perkins-brailler.svg');
      for (const elsewhere of [
        'https://elsewhere.example.org/media/seed/perkins-brailler.svg',
        'http://gift.example.ng.evil.example/media/public/a.webp',
        'https://gift.example.ng/media/seed/perkins-brailler.svg?v=1',
        'https://gift.example.ng/uploads/a.webp',
        'javascript:alert(1)',
      ]) {
        const refused = await send('PUT', `/api/admin/org-products/${id}`, { ...base, image_url: elsewhere });
        expect(refused.statusCode, elsewhere).toBe(400);
        expect(sentences(refused), elsewhere).toContain(IMAGE_URL_INVALID);
      }
      expect(await stored()).toBe('/media/seed/perkins-brailler.svg');
    } finally {
      await stopTestApp(site);
    }
  });

  it('keeps an uploaded image when the form sends back the address it is served at', async () => {
    const created = await call('POST', '/api/admin/org-products', {
      ...base,
      name: 'Uploaded Abacus',
      imageKey: await image(),
    });
    const id = created.json().id as number;
    const key = (await storedKey('organization_products', id))!;
    const listed = ((await call('GET', '/api/admin/org-products')).json() as { id: number; image_url: string }[]).find(
      (p) => p.id === id,
    )!;
    expect(listed.image_url).toMatch(/^\/media\/public\//);
    const edited = await call('PUT', `/api/admin/org-products/${id}`, { ...base, id, image_url: listed.image_url });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await storedKey('organization_products', id)).toBe(key);
    expect(await exists(key)).toBe(true);
  });

  it("takes specifications as the product's JSON text too, '{}' when absent, with the same checks and message", async () => {
    const stored = async (id: number) =>
      (
        await selectRows<{ specifications: Record<string, string> }>(
          ctx.database.db,
          sql`select specifications from organization_products where id = ${id}`,
        )
      )[0]!.specifications;
    const created = await call('POST', '/api/admin/org-products', {
      ...base,
      specifications: '{"Beads": "13 rods", "Rods": 13}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect(await stored(id)).toEqual({ Beads: '13 rods', Rods: '13' });
    expect((await call('PUT', `/api/admin/org-products/${id}`, { ...base, specifications: '{}' })).statusCode).toBe(
      200,
    );
    expect(await stored(id)).toEqual({});
    expect(
      (await call('PUT', `/api/admin/org-products/${id}`, { ...base, specifications: { Size: 'A4' } })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/admin/org-products/${id}`, base)).statusCode).toBe(200);
    expect(await stored(id)).toEqual({});

    for (const method of ['POST', 'PUT'] as const) {
      const url = method === 'POST' ? '/api/admin/org-products' : `/api/admin/org-products/${id}`;
      for (const text of ['not json', '[1, 2]', '"text"', 'null', '{"Beads": {"nested": true}}', '{"Beads": ']) {
        const reply = await call(method, url, { ...base, specifications: text });
        expect(reply.statusCode, `${method} ${text}`).toBe(400);
        expect(reply.json().fieldErrors?.specifications, `${method} ${text}`).toEqual([SPECIFICATIONS_INVALID]);
      }
      // A value too long is refused in the same words whether it came as text or as an object.
      const long = { Beads: 'x'.repeat(201) };
      const asText = await call(method, url, { ...base, specifications: JSON.stringify(long) });
      const asObject = await call(method, url, { ...base, specifications: long });
      expect([asText.statusCode, asObject.statusCode]).toEqual([400, 400]);
      expect(sentences(asText)).toEqual(sentences(asObject));
    }
  });

  it('withdraws one campaigns use and deletes one nobody uses, with its stored image', async () => {
    const used = (await call('POST', '/api/admin/org-products', { ...base, name: 'Used Abacus' })).json().id as number;
    await createOrganizationCampaign(ctx.database.db, 3, { product: 'Used Abacus' });
    expect((await call('DELETE', `/api/admin/org-products/${used}`)).json()).toMatchObject({ withdrawn: true });
    expect(((await call('GET', '/api/admin/org-products')).json() as { id: number }[]).some((p) => p.id === used)).toBe(
      false,
    );

    const unused = (
      await call('POST', '/api/admin/org-products', { ...base, name: 'Spare Abacus', imageKey: await image() })
    ).json().id as number;
    const key = (await storedKey('organization_products', unused))!;
    expect((await call('DELETE', `/api/admin/org-products/${unused}`)).json()).toMatchObject({
      message: 'Product deleted successfully!',
      withdrawn: false,
    });
    expect(await exists(key)).toBe(false);
    expect(await actions('organization_product', unused)).toEqual([
      'organization_product.create',
      'organization_product.delete',
    ]);
  });

  it('keeps every catalogue change to admins', async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    for (const [method, url] of [
      ['POST', '/api/products'],
      ['PUT', '/api/products/1'],
      ['DELETE', '/api/products/1'],
      ['GET', '/api/admin/org-products'],
      ['POST', '/api/admin/org-products'],
      ['PUT', '/api/admin/org-products/1'],
      ['DELETE', '/api/admin/org-products/1'],
    ] as const) {
      expect((await call(method, url, {}, donor.token)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
