import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_IMAGE_REQUIRED } from '@contract/content';
import { selectRows } from '../../db/client';
import { createUser, signInNewAdmin, uploadFile } from '../../test/fixtures';
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
const auditActions = (entity: string, id: number) =>
  selectRows<{ action: string; admin_id: number }>(
    ctx.database.db,
    sql`select action, admin_id from admin_audit_log where entity_type = ${entity} and entity_id = ${String(id)} order by id`,
  );
const storyImage = async (bytes?: Buffer, fileName = 'story.png', type = 'image/png') =>
  (
    await uploadFile(ctx.app, admin.token, {
      purpose: 'storyImage',
      fileName,
      type,
      bytes: bytes ?? (await pngFile(800, 600)),
    })
  ).key;

describe('admin: site statistics', () => {
  it('creates with defaults, edits and deletes a figure, audited, and the home page shows each change at once', async () => {
    const created = await call('POST', '/api/admin/stats', { title: 'Braille displays funded', icon_name: 'GiftIcon' });
    expect(created.statusCode).toBe(201);
    const { message, stat } = created.json() as {
      message: string;
      stat: { id: number; stat_value: number; is_visible: boolean; display_order: number };
    };
    expect(message).toBe('Stat created successfully!');
    expect(stat).toMatchObject({ stat_value: 0, is_visible: true, display_order: 0 });

    // The public list is cached; a change clears it.
    expect((await call('GET', '/api/stats')).json()).toContainEqual({
      icon_name: 'GiftIcon',
      stat_value: 0,
      title: 'Braille displays funded',
    });
    const edited = await call('PUT', `/api/admin/stats/${stat.id}`, {
      title: 'Braille displays funded',
      stat_value: 42,
      icon_name: 'AwardIcon',
      is_visible: true,
      display_order: 3,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Stat updated successfully!');
    expect((await call('GET', '/api/stats')).json()).toContainEqual({
      icon_name: 'AwardIcon',
      stat_value: 42,
      title: 'Braille displays funded',
    });

    await call('PUT', `/api/admin/stats/${stat.id}`, {
      title: 'Braille displays funded',
      stat_value: 42,
      icon_name: 'AwardIcon',
      is_visible: false,
      display_order: 3,
    });
    expect((await call('GET', '/api/stats')).json()).not.toContainEqual(
      expect.objectContaining({ title: 'Braille displays funded' }),
    );
    expect((await call('GET', '/api/admin/stats')).json()).toContainEqual(
      expect.objectContaining({ id: stat.id, is_visible: false }),
    );

    expect((await call('DELETE', `/api/admin/stats/${stat.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/stats/${stat.id}`)).statusCode).toBe(404);
    expect((await auditActions('site_stat', stat.id)).map((a) => a.action)).toEqual([
      'stat.create',
      'stat.update',
      'stat.update',
      'stat.delete',
    ]);
  });

  it('refuses an unknown icon, a negative or fractional value, an empty title and a bad id, in sentences', async () => {
    const bad = [
      [{ title: 'x', icon_name: 'script' }, 'Choose one of the icons.'],
      [{ title: 'x', icon_name: 'GiftIcon', stat_value: -1 }, 'The value cannot be negative.'],
      [{ title: 'x', icon_name: 'GiftIcon', stat_value: 1.5 }, 'The value must be a whole number.'],
      [{ title: '   ', icon_name: 'GiftIcon' }, 'Enter a title.'],
      [{ title: 'x', icon_name: 'GiftIcon', stat_value: 1e12 }, 'That value is too large.'],
    ] as const;
    for (const [body, sentence] of bad) {
      const reply = await call('POST', '/api/admin/stats', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(reply.json())).toContain(sentence);
    }
    expect((await call('PUT', '/api/admin/stats/99999999999', { title: 'x', icon_name: 'GiftIcon' })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/api/admin/stats/2147483000', { title: 'x', icon_name: 'GiftIcon' })).statusCode).toBe(
      404,
    );
  });
});

describe('admin: success stories', () => {
  it('needs every field and an image that is really an image, then publishes, edits and deletes with the image', async () => {
    const missing = await call('POST', '/api/stories/admin', { title: 'A', recipient_name: 'B', story_text: 'C' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(STORY_IMAGE_REQUIRED);

    // A PDF named .png is refused by its bytes.
    const fake = await uploadFile(ctx.app, admin.token, {
      purpose: 'storyImage',
      fileName: 'story.png',
      type: 'image/png',
      bytes: pdfFile(),
    });
    const refused = await call('POST', '/api/stories/admin', {
      title: 'A',
      recipient_name: 'B',
      story_text: 'C',
      imageKey: fake.key,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('is not really a PNG file');

    const created = await call('POST', '/api/stories/admin', {
      title: 'Reading again',
      recipient_name: 'Ngozi Eze',
      story_text: 'With her braille display Ngozi reads her law textbooks on her own.',
      imageKey: await storyImage(),
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const stories = (await call('GET', '/api/stories')).json() as {
      id: number;
      image_url: string | null;
      title: string;
    }[];
    const story = stories.find((s) => s.id === id)!;
    expect(story.title).toBe('Reading again');
    expect(story.image_url).toMatch(/\.webp$/);
    const [{ key: firstKey }] = (await selectRows<{ key: string }>(
      ctx.database.db,
      sql`select image_key as key from success_stories where id = ${id}`,
    )) as [{ key: string }];
    expect(await ctx.app.storage.read(firstKey, 10_000_000)).toHaveProperty('bytes');

    // Text only: the image stays. A new image replaces the old one, which is removed.
    expect(
      (
        await call('PUT', `/api/stories/admin/${id}`, {
          title: 'Reading again, at university',
          recipient_name: 'Ngozi Eze',
          story_text: 'She now studies law.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await selectRows<{ key: string }>(
          ctx.database.db,
          sql`select image_key as key from success_stories where id = ${id}`,
        )
      )[0]!.key,
    ).toBe(firstKey);
    expect(
      (
        await call('PUT', `/api/stories/admin/${id}`, {
          title: 'Reading again',
          recipient_name: 'Ngozi Eze',
          story_text: 'She now studies law.',
          imageKey: await storyImage(),
        })
      ).statusCode,
    ).toBe(200);
    const [{ key: secondKey }] = (await selectRows<{ key: string }>(
      ctx.database.db,
      sql`select image_key as key from success_stories where id = ${id}`,
    )) as [{ key: string }];
    expect(secondKey).not.toBe(firstKey);
    expect(await ctx.app.storage.read(firstKey, 10_000_000)).toHaveProperty('missing');

    expect((await call('DELETE', `/api/stories/admin/${id}`)).statusCode).toBe(200);
    expect(await ctx.app.storage.read(secondKey, 10_000_000)).toHaveProperty('missing');
    expect(((await call('GET', '/api/stories')).json() as { id: number }[]).some((s) => s.id === id)).toBe(false);
    expect((await call('DELETE', `/api/stories/admin/${id}`)).statusCode).toBe(404);
    expect((await auditActions('success_story', id)).map((a) => a.action)).toEqual([
      'story.create',
      'story.update',
      'story.update',
      'story.delete',
    ]);
  });

  it("takes the product's recipientName and storyText as well, with the same checks and messages", async () => {
    const sent = { title: 'Typing again', recipientName: 'Musa Bello', storyText: 'Musa writes his own letters now.' };
    const created = await call('POST', '/api/stories/admin', { ...sent, imageKey: await storyImage() });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const stored = async () =>
      (
        await selectRows<{ recipient_name: string; story_text: string }>(
          ctx.database.db,
          sql`select recipient_name, story_text from success_stories where id = ${id}`,
        )
      )[0];
    expect(await stored()).toEqual({ recipient_name: 'Musa Bello', story_text: 'Musa writes his own letters now.' });
    const edited = await call('PUT', `/api/stories/admin/${id}`, { ...sent, recipientName: ' Musa B. ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stored()).toMatchObject({ recipient_name: 'Musa B.' });

    // The same refusals under either name, on the field as it was sent.
    const fields = (reply: { json(): unknown }) =>
      (reply.json() as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
    for (const [camel, snake] of [
      ['recipientName', 'recipient_name'],
      ['storyText', 'story_text'],
    ] as const) {
      for (const bad of ['   ', 'x'.repeat(5001)]) {
        const asCamel = await call('PUT', `/api/stories/admin/${id}`, { ...sent, [camel]: bad });
        const { [camel]: _dropped, ...rest } = sent;
        const asSnake = await call('PUT', `/api/stories/admin/${id}`, { ...rest, [snake]: bad });
        expect([asCamel.statusCode, asSnake.statusCode]).toEqual([400, 400]);
        expect(fields(asCamel)[camel]).toEqual(fields(asSnake)[snake]);
        expect(fields(asCamel)[camel]?.[0]).toEqual(expect.any(String));
      }
    }
    // Missing: named as the rest of the body names its fields.
    const missing = await call('POST', '/api/stories/admin', { title: 'A', storyText: 'B', imageKey: 'k' });
    expect(fields(missing)).toEqual({ recipientName: ["Enter the recipient's name."] });
    const missingSnake = await call('POST', '/api/stories/admin', { title: 'A', story_text: 'B', imageKey: 'k' });
    expect(fields(missingSnake)).toEqual({ recipient_name: ["Enter the recipient's name."] });
    // Both names of one field: refused, since nobody could say which was meant.
    const both = await call('PUT', `/api/stories/admin/${id}`, { ...sent, recipient_name: 'Someone Else' });
    expect(both.statusCode).toBe(400);
    expect(fields(both).recipientName?.[0]).toBe(
      "Send the recipient's name once. Use recipientName or recipient_name, not both.",
    );
    expect(await stored()).toMatchObject({ recipient_name: 'Musa B.' });
  });

  it('keeps every story and statistic call to admins', async () => {
    const donorId = await createUser(ctx.database.db, 'donor');
    expect(donorId).toBeGreaterThan(0);
    for (const [method, url] of [
      ['GET', '/api/admin/stats'],
      ['POST', '/api/admin/stats'],
      ['PUT', '/api/admin/stats/1'],
      ['DELETE', '/api/admin/stats/1'],
      ['GET', '/api/stories/admin/all'],
      ['POST', '/api/stories/admin'],
      ['PUT', '/api/stories/admin/1'],
      ['DELETE', '/api/stories/admin/1'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
