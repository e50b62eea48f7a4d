import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../server/db/client';
import { exportCsv } from '../server/modules/money-desk/csv-export';
import { listPayments } from '../server/modules/money-desk/list-payments';
import { seedDemo } from '../server/seed-demo';
import { scratchDatabase } from './scratch';
import { seedExtraCampaigns } from './seed-scale';

const DONATIONS = Number(process.env.BENCH_DONATIONS ?? 100_000);
/** The first export reads this many of them (their donors' addresses carry a mark). */
const SMALL = Math.min(10_000, DONATIONS);

/**
 * `count` paid gifts of one item each, spread over the last 100 days, to the seeded recipient
 * campaigns in turn; the newest `small` of them from addresses marked `bench10k.`.
 */
async function seedDonations(db: Db, count: number, small: number): Promise<void> {
  await db.execute(sql`
    with c as (select array_agg(id order by id) as ids from recipient_campaigns),
         d as (insert into donations (reference, donor_email, donor_full_name, total_kobo, status, channel, paid_at, created_at)
               select 'BENCH-' || g,
                      case when g <= ${small} then 'bench10k.' else 'bench.' end || (g % 20000) || '@example.org',
                      'Bench Donor ' || g, 500000 + (g % 7) * 1000, 'paid', 'card',
                      now() - make_interval(secs => g * 86.4), now() - make_interval(secs => g * 86.4)
                 from generate_series(1, ${count}) g
               returning id, reference, total_kobo)
    insert into donation_items (donation_id, recipient_campaign_id, units, amount_kobo, status)
    select d.id, c.ids[1 + split_part(d.reference, '-', 2)::int % array_length(c.ids, 1)], 1, d.total_kobo, 'allocated'
      from d, c`);
  await db.execute(sql`vacuum analyze`);
}

/** Streams one export to nowhere, counting its lines, and samples the process's memory meanwhile. */
async function streamExport(db: Db, adminId: number, filters: { email?: string }) {
  const start = performance.now();
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let lines = 0;
  let bytes = 0;
  try {
    const { body } = await exportCsv(db, adminId, 'donations', filters);
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      const text = chunk.toString();
      bytes += Buffer.byteLength(text);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines += 1;
      peak = Math.max(peak, process.memoryUsage().rss);
    }
  } finally {
    clearInterval(sample);
  }
  return { rows: lines - 1, seconds: (performance.now() - start) / 1000, peakMb: peak / 2 ** 20, mb: bytes / 2 ** 20 };
}

async function timed(label: string, run: () => Promise<unknown>) {
  await run();
  const start = performance.now();
  await run();
  console.log(`  ${label.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`);
}

/** The donations export of 10,000 and of 100,000 gifts: rows, time and peak memory of each. */
export async function runExportBench(): Promise<void> {
  const { database, cleanup } = await scratchDatabase('_exports');
  try {
    const seeding = Date.now();
    await database.migrate();
    await seedDemo(database.db);
    await seedExtraCampaigns(database.db, 1000);
    await seedDonations(database.db, DONATIONS, SMALL);
    const [admin] = await selectRows<{ id: number }>(
      database.db,
      sql`select u.id from users u join roles r on r.id = u.role_id where r.name = 'super_admin' limit 1`,
    );
    console.log(
      `\nExports: ${DONATIONS.toLocaleString('en')} gifts seeded on ${database.kind} in ${((Date.now() - seeding) / 1000).toFixed(0)} s`,
    );
    console.log('The payments list on them (second of two runs):');
    await timed('first page, no filter', () => listPayments(database.db, { limit: 25 }));
    await timed('first page, status=paid', () => listPayments(database.db, { limit: 25, status: 'paid' }));
    await timed('first page, email part', () => listPayments(database.db, { limit: 25, email: 'bench10k.12' }));
    await timed('first page, one campaign', () => listPayments(database.db, { limit: 25, campaign: '5' }));
    await timed('first page, last 7 days', () =>
      listPayments(database.db, {
        limit: 25,
        from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
      }),
    );
    console.log('Donations export, streamed (memory must not grow with the rows):');
    console.log('  rows           seconds   CSV MB   peak RSS MB');
    for (const filters of [{ email: 'bench10k.' }, {}]) {
      const r = await streamExport(database.db, Number(admin!.id), filters);
      console.log(
        `  ${r.rows.toLocaleString('en').padEnd(14)} ${r.seconds.toFixed(1).padStart(7)} ${r.mb.toFixed(1).padStart(8)} ${r.peakMb.toFixed(0).padStart(13)}`,
      );
    }
    await database.close();
  } finally {
    await cleanup();
  }
}
