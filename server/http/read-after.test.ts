import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { createJobQueue } from '../jobs/queue';
import { createOrganizationCampaign, payForCampaign } from '../test/fixtures';
import { startTestApp, stopTestApp, testConfig, type TestContext } from '../test/harness';
import { createMailbox } from '../test/mailbox';

// Two instances on one database, each keeping public replies for a minute: the one that records a
// gift forgets its copies, the other does not know of it. A donor whose reads carry the Written-At of
// their gift is never answered from a copy made before it, on either instance (decision 0083).
let ctx: TestContext;
let other: App;
let campaign: number;

beforeAll(async () => {
  ctx = await startTestApp({ publicCacheSeconds: 60 });
  campaign = await createOrganizationCampaign(ctx.database.db, 40);
  other = await buildApp(testConfig({ publicCacheSeconds: 60 }), {
    db: ctx.database.db,
    jobs: createJobQueue(ctx.database, { pollingSeconds: 0.5, log: () => undefined }),
    mailer: createMailbox(),
  });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await stopTestApp(ctx);
});

const units = async (app: App, url: string, readAfter?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: readAfter ? { 'read-after': readAfter } : {} });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { units_fulfilled: number } | Array<{ id: number; units_fulfilled: number }>;
  return Array.isArray(body) ? body.find((c) => c.id === campaign)?.units_fulfilled : body.units_fulfilled;
};

describe('Written-At and Read-After', () => {
  it('stamps every answered write, and no read', async () => {
    const read = await ctx.app.inject({ method: 'GET', url: '/api/org-campaigns/active' });
    expect(read.headers['written-at']).toBeUndefined();
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/donations/checkout', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(Number(refused.headers['written-at'])).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers a donor's read after their gift with the gift, from an instance whose copy is older", async () => {
    const list = '/api/org-campaigns/active?limit=50';
    const before = await units(other, list);
    // The gift goes through the first instance; the second keeps its copy of the list.
    const fund = await payForCampaign(ctx.app, `org-${campaign}`);
    expect(fund.reference).toBeTruthy();
    const stamped = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/fund',
      payload: { transactionId: fund.reference },
    });
    const writtenAt = String(stamped.headers['written-at']);
    expect(writtenAt).toMatch(/^\d+$/);
    // Anyone else is still answered from the second instance's copy, for its lifetime.
    expect(await units(other, list)).toBe(before);
    // The donor, whose read says when they wrote, is not.
    expect(await units(other, list, writtenAt)).toBe(before! + 1);
    // That fresh copy is what the next visitors get too.
    expect(await units(other, list)).toBe(before! + 1);
    // A Read-After outside the last minute is ignored rather than trusted.
    expect(await units(other, list, String(Date.now() + 3_600_000))).toBe(before! + 1);
  });
});
