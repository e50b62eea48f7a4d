import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { openPostgres, type Database } from '../../db/client';
import { createJobQueue } from '../../jobs/queue';
import { createRecipientCampaign } from '../../test/fixtures';
import { openTestDatabase, testConfig } from '../../test/harness';
import { refreshRecipientSearchText } from '../campaign-core/search-text';

const onPostgres = inject('templateKind') === 'postgres';

describe.skipIf(!onPostgres)('search through two server instances on PostgreSQL', () => {
  let first: Database;
  let second: Database;
  let apps: App[] = [];

  beforeAll(async () => {
    first = await openTestDatabase();
    // A second, independent connection pool: as a second server process would have.
    second = await openPostgres(first.url!, 5);
    const discard = { description: 'discarded', send: async () => undefined };
    apps = await Promise.all(
      [first, second].map((d) =>
        buildApp(testConfig(), {
          db: d.db,
          mailer: discard,
          jobs: createJobQueue(d, { pollingSeconds: 0.5, log: () => undefined }),
        }),
      ),
    );
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  const found = async (app: App, q: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/campaigns/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ id: number }>).map((c) => c.id);
  };

  it('finds at once, in the other instance, a campaign written through the first, and drops it when it is withdrawn', async () => {
    const [a, b] = apps as [App, App];
    expect(await found(b, 'harmonium')).toEqual([]);
    const id = await createRecipientCampaign(first.db, {
      reason: 'I play the harmonium at church in Ibadan and need to read the hymn sheets.',
    });
    await refreshRecipientSearchText(first.db, [id]);
    expect(await found(b, 'harmonium ibadan')).toContain(id);
    expect(await found(b, 'harmonum')).toContain(id);
    expect(await found(a, 'harmonium')).toContain(id);

    await first.db.execute(sql`update recipient_campaigns set status = 'rejected' where id = ${id}`);
    expect(await found(b, 'harmonium')).not.toContain(id);
    expect(await found(a, 'harmonium')).not.toContain(id);
  });
});
