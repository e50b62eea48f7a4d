import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../db/client';
import { eventually, openTestDatabase } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { createOrganizationCampaign } from '../../test/fixtures';

/**
 * Two real server processes on one PostgreSQL; one of them is killed with SIGKILL right after a
 * gift's transaction commits. After a restart, every paid gift has its receipt and its notices,
 * none twice.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a server killed right after recording a gift', () => {
  let database: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  const children: ChildProcess[] = [];

  function startServer(extra: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: database.url!,
          SMTP_URL: smtp.url,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          SEED_DEMO: 'false',
          PUBLIC_URL: 'http://localhost:3000',
          ...extra,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at (http:\/\/\S+)/.exec(out);
        if (match) resolve({ child, url: match[1]! });
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once('exit', (code, signal) => reject(new Error(`server exited early (${code ?? signal}):\n${out}`)));
    });
  }

  async function post(url: string, path: string, body: object) {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  let campaignId = '';
  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpCatcher();
    campaignId = `org-${await createOrganizationCampaign(database.db, 40)}`;
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await smtp.close();
    await database.close();
  });

  async function give(url: string, n: number) {
    const email = `crash.donor.${n}@example.org`;
    const checkout = await post(url, '/api/donations/checkout', {
      donorEmail: email,
      donorFullName: `Crash Donor ${n}`,
      cartItems: [{ campaignId, units: 1 }],
    });
    expect(checkout.status).toBe(200);
    const reference = String(checkout.json.reference);
    expect((await post(url, '/api/payments/sandbox/charge', { reference })).status).toBe(200);
    return { email, reference };
  }

  const ownerNotices = () =>
    selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from notifications n join users u on u.id = n.user_id
           where u.id = (select organization_id from organization_campaigns where id = ${Number(campaignId.slice('org-'.length))})
             and n.message like 'A donor has funded 1 unit%'`,
    ).then((r) => Number(r[0]!.n));

  it('keeps every receipt and notice, none twice', async () => {
    const ownerBefore = await ownerNotices();
    const healthy = await startServer();
    const doomed = await startServer({ CRASH_AFTER_GIFT_COMMIT: 'true' });
    const gifts: Array<{ email: string; reference: string }> = [];

    // Gifts recorded by the healthy instance.
    for (let n = 0; n < 3; n++) {
      const gift = await give(healthy.url, n);
      expect((await post(healthy.url, '/api/donations/fund', { transactionId: gift.reference })).status).toBe(200);
      gifts.push(gift);
    }
    for (const g of gifts) await smtp.waitFor(g.email, (m) => m.text.includes(g.reference));

    // The doomed instance records a gift and dies before answering.
    const lost = await give(doomed.url, 99);
    const exited = new Promise((resolve) => doomed.child.once('exit', (_code, signal) => resolve(signal)));
    await expect(post(doomed.url, '/api/donations/fund', { transactionId: lost.reference })).rejects.toThrow();
    expect(await exited).toBe('SIGKILL');
    gifts.push(lost);

    // It comes back; meanwhile the healthy one carries on.
    const restarted = await startServer();
    const more = await give(restarted.url, 100);
    expect((await post(restarted.url, '/api/donations/fund', { transactionId: more.reference })).status).toBe(200);
    gifts.push(more);

    const paid = await selectRows<{ reference: string }>(
      database.db,
      sql`select reference from donations where status = 'paid' order by id`,
    );
    expect(paid.map((p) => p.reference)).toEqual(expect.arrayContaining(gifts.map((g) => g.reference)));
    for (const g of gifts) await smtp.waitFor(g.email, (m) => m.text.includes(g.reference), { timeoutMs: 30_000 });
    // Time for any duplicate to show up.
    await new Promise((r) => setTimeout(r, 3000));
    for (const g of gifts) {
      expect(
        smtp.to(g.email).filter((m) => m.text.includes(g.reference)),
        g.reference,
      ).toHaveLength(1);
    }
    const admins = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name not in ('recipient', 'donor', 'organization', 'caseworker')`,
    );
    const notices = await eventually(
      'a notice for each paid gift',
      () =>
        selectRows<{ reference: string; n: number }>(
          database.db,
          sql`select d.reference, (select count(*)::int from notifications n where n.message like '%' || d.reference || '%') as n
                from donations d where d.status = 'paid' and d.reference = any(${sql.param(gifts.map((g) => g.reference))}::text[])`,
        ),
      (rows) => rows.length === gifts.length,
    );
    for (const row of notices) expect(Number(row.n), row.reference).toBe(Number(admins[0]!.n));
    // The organization heard of each gift once.
    expect((await ownerNotices()) - ownerBefore).toBe(gifts.length);
    await eventually(
      'the healthy server to answer',
      async () => (await fetch(`${healthy.url}/api/health/live`)).status,
      (s) => s === 200,
    );
  }, 120_000);
});
