import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicStatSchema, storySchema } from '@contract/content';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

describe('content', () => {
  it('GET /api/health answers ok after a database round trip', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/stats lists only visible stats, by display order, in the public shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stats' });
    const stats = z.array(publicStatSchema.strict()).parse(res.json());
    expect(stats.length).toBeGreaterThanOrEqual(4);
    expect(stats.map((s) => s.title)).not.toContain('Volunteers Trained');
    expect(stats[0]?.title).toBe('Devices Funded');
  });

  it('follows display order when an admin reorders stats', async () => {
    await ctx.database.db.execute(sql`update site_stats set display_order = 99 where title = 'Devices Funded'`);
    const stats = (await ctx.app.inject({ method: 'GET', url: '/api/stats' })).json() as Array<{ title: string }>;
    expect(stats.at(-1)?.title).toBe('Devices Funded');
  });

  it('GET /api/stories lists success stories with image addresses', async () => {
    const stories = z.array(storySchema).parse((await ctx.app.inject({ method: 'GET', url: '/api/stories' })).json());
    expect(stories.length).toBeGreaterThanOrEqual(3);
    for (const s of stories) expect(s.image_url).toMatch(/^\/media\/seed\/.+\.svg$/);
  });
});
