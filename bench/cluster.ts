/**
 * The rehearsal: three instances behind nginx (scripts/cluster.ts) on PgBouncer in front of the
 * primary, reading public pages from a streaming replica; 100 donors whose client behaves like the
 * web app (a fresh Idempotency-Key per act, sent again with the same key after no answer, a 502, 503
 * or 504, or a 409 saying the first is still running, after 0.5, 1, 2 and 4 s) give to one campaign
 * through nginx for 35 s. At 10 s instance 1 is killed with SIGKILL, at 15 s it is started again; at
 * 22 s the replica is killed with SIGKILL, at 28 s it is started again. Prints the errors donors saw
 * (what was left after the resends; the goal is none), the resends and the replayed replies, gifts
 * per second in each stretch, then checks in the database that every payment the provider took is
 * recorded exactly once, that no act was paid twice, with one receipt each, that no unit is
 * oversold. Meanwhile ten visitors read the campaign's public page (a read the replica serves); the
 * instances' reads that fell back to the primary are printed from their metrics. Asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { openPostgres, selectRows, type Database } from '../server/db/client';
import { startCluster } from '../scripts/cluster';
import { createBenchCampaign, oversold, runGivingScenario } from './giving';

const SECONDS = 35;
const KILL_AT = 10;
const RESTART_AT = 15;
const REPLICA_KILL_AT = 22;
const REPLICA_RESTART_AT = 28;
/** Far more than 30 s of giving sells on this machine, so the campaign never sells out mid-run. */
const QUANTITY = 100_000;
/** Giving once everything is back, when a restart took longer than the run. */
const AFTER_SECONDS = 10;
/** Longest wait for the sweep and the receipt jobs a killed instance held (they expire after 120 s). */
const SETTLE_MS = 330_000;

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Paid gifts recorded from `since`, counted per stretch between the given times. */
async function giftsBetween(database: Database, times: Date[]): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i + 1 < times.length; i += 1) {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from donations
           where status = 'paid' and paid_at >= ${times[i]!.toISOString()}::timestamptz
             and paid_at < ${times[i + 1]!.toISOString()}::timestamptz`,
    );
    counts.push(Number(row!.n));
  }
  return counts;
}

/** What the sandbox provider took against what the site recorded, for every checkout since `since`. */
async function ledgerCheck(database: Database, since: Date) {
  const [row] = await selectRows<{
    taken: number;
    recorded: number;
    unrecorded: number;
    without_payment: number;
    not_one_unit: number;
  }>(
    database.db,
    sql`with taken as (select reference from sandbox_transactions where status = 'success'),
             paid as (select id, reference from donations where status = 'paid' and paid_at >= ${since.toISOString()}::timestamptz)
        select (select count(*) from taken)::int as taken,
               (select count(*) from paid)::int as recorded,
               (select count(*) from taken t where not exists (select 1 from donations d where d.reference = t.reference and d.status = 'paid'))::int as unrecorded,
               (select count(*) from paid p where not exists (select 1 from taken t where t.reference = p.reference))::int as without_payment,
               (select count(*) from paid p
                 where (select coalesce(sum(units), 0) from donation_items i where i.donation_id = p.id and i.status = 'allocated') <> 1)::int as not_one_unit`,
  );
  return row!;
}

/** Receipt mails per paid gift's reference (the subject carries it). */
function receiptsByReference(subjects: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const subject of subjects) {
    const reference = /\((GOI-[A-Z0-9-]+)\)/.exec(subject)?.[1];
    if (reference) counts.set(reference, (counts.get(reference) ?? 0) + 1);
  }
  return counts;
}

/**
 * Per act (each act of the bench's donors has its own email): acts that made more than one hold,
 * acts paid more than once (more than one payment taken by the provider for the act's references),
 * acts recorded as paid more than once, and references recorded as paid more than once.
 */
async function perAct(database: Database, since: Date) {
  const [row] = await selectRows<{
    acts: number;
    two_holds: number;
    paid_twice: number;
    recorded_twice: number;
    reference_twice: number;
  }>(
    database.db,
    sql`with d as (select id, reference, donor_email, status from donations
                    where donor_email like 'bench%' and created_at >= ${since.toISOString()}::timestamptz),
             per_act as (select donor_email,
                                count(*) as holds,
                                count(*) filter (where status = 'paid') as recorded,
                                (select count(*) from sandbox_transactions t
                                  where t.status = 'success' and t.reference in (select reference from d d2 where d2.donor_email = d.donor_email)) as taken
                           from d group by donor_email)
        select (select count(*) from per_act)::int as acts,
               (select count(*) from per_act where holds > 1)::int as two_holds,
               (select count(*) from per_act where taken > 1)::int as paid_twice,
               (select count(*) from per_act where recorded > 1)::int as recorded_twice,
               (select count(*) from (select reference from donations where status = 'paid' group by reference having count(*) > 1) r)::int as reference_twice`,
  );
  return row!;
}

/** The read-routing lines of an instance's Prometheus metrics, or why they could not be read. */
async function readMetrics(url: string): Promise<string[] | string> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    if (!response.ok) return `HTTP ${response.status}`;
    const lines = (await response.text())
      .split('\n')
      .filter((line) => /^goi_db_(read_fallbacks_total|replica_lag_seconds)\b/.test(line));
    return lines.length ? lines : 'no goi_db_read_fallbacks_total or goi_db_replica_lag_seconds';
  } catch (error) {
    return `not reachable (${error instanceof Error ? error.message : String(error)})`;
  }
}

type Event = { at: Date; label: string };

/** Visitors reading the campaign's public page (the public read the replica serves) meanwhile. */
const READERS = 10;
const READ_PAUSE_MS = 100;

/**
 * READERS visitors asking for `path` through nginx, each pausing READ_PAUSE_MS between reads, until
 * `stop` resolves: the reads answered 200, and the others by status or network error.
 */
async function runReaders(site: string, path: string, stop: Promise<unknown>) {
  let done = false;
  void stop.then(() => (done = true));
  let ok = 0;
  const failed = new Map<string, number>();
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (!done) {
        try {
          const response = await fetch(`${site}${path}`, { signal: AbortSignal.timeout(30_000) });
          await response.arrayBuffer();
          if (response.status === 200) ok += 1;
          else failed.set(String(response.status), (failed.get(String(response.status)) ?? 0) + 1);
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
          failed.set(cause, (failed.get(cause) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, READ_PAUSE_MS));
      }
    }),
  );
  return { ok, failed };
}

export async function runClusterBench() {
  let campaignId = 0;
  const setupStarted = performance.now();
  // The donors stand for visitors from many addresses behind one more hop (the load generator adds
  // each donor's address to X-Forwarded-For), so the per-address checkout limits see 100 people
  // rather than one; a deployment behind nginx alone trusts one hop.
  const cluster = await startCluster({
    env: { TRUST_PROXY: '2' },
    prepare: async (database) => {
      campaignId = await createBenchCampaign(database, QUANTITY);
    },
  });
  const check = await openPostgres(cluster.databaseUrl, 2);
  try {
    console.log(
      `\nCluster rehearsal: nginx in front of ${cluster.instances.length} instances, PgBouncer (transaction mode) in front of the PostgreSQL primary, a streaming replica for public reads; ready in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    const start = new Date();
    const t0 = start.getTime();
    const at = (date: Date) => ((date.getTime() - t0) / 1000).toFixed(1);
    const events: Event[] = [{ at: start, label: 'three instances, replica streaming' }];
    const happened = (label: string) => {
      const event = { at: new Date(), label };
      events.push(event);
      return event.at;
    };
    let backAfterMs = 0;
    const instanceTimeline = (async () => {
      await sleepUntil(t0 + KILL_AT * 1000);
      const child = cluster.instances[0]!.child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      happened('instance 1 killed (SIGKILL), two serving');
      cluster.kill(0);
      await exited;
      await sleepUntil(t0 + RESTART_AT * 1000);
      happened('instance 1 starting again, two serving');
      // As a supervisor would (compose's `restart: unless-stopped`): a start that fails is tried again.
      for (let attempt = 1; ; attempt += 1) {
        try {
          backAfterMs = (await cluster.restart(0)).readyMs;
          break;
        } catch (error) {
          const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
          console.log(`  instance 1's start number ${attempt} failed: ${reason}`);
          if (attempt === 3) throw error;
        }
      }
      happened('instance 1 healthy again, three serving');
    })();
    let replicaBackMs = 0;
    const metricsWhileReplicaDown: Array<string[] | string> = [];
    const replicaTimeline = (async () => {
      await sleepUntil(t0 + REPLICA_KILL_AT * 1000);
      happened('replica killed (SIGKILL)');
      cluster.replica.kill();
      await sleepUntil(t0 + (REPLICA_KILL_AT + REPLICA_RESTART_AT) * 500);
      metricsWhileReplicaDown.push(...(await Promise.all(cluster.metricsUrls.map(readMetrics))));
      await sleepUntil(t0 + REPLICA_RESTART_AT * 1000);
      const restarted = happened('replica starting again');
      await cluster.replica.start();
      replicaBackMs = Date.now() - restarted.getTime();
      happened('replica accepting connections again');
    })();
    // Watched from now on, so a failed restart is reported after the giving rather than crashing the
    // process before the cluster is stopped.
    const timelines = Promise.allSettled([instanceTimeline, replicaTimeline]);
    const errors = new Map<string, number>();
    const onError = (step: string, what: string) => {
      const key = `${step} ${what}`;
      errors.set(key, (errors.get(key) ?? 0) + 1);
    };
    const giving = runGivingScenario([cluster.url], [campaignId], SECONDS, onError, { retrying: true });
    const reading = runReaders(cluster.url, `/api/org-campaigns/${campaignId}`, giving);
    const result = await giving;
    const givingEnded = new Date();
    const reads = await reading;
    // Keys whose first request never finished (it died with instance 1): a repeat waits for the lease.
    const [held] = await selectRows<{ n: number; lease: number | null; left: number | null }>(
      check.db,
      sql`select count(*)::int as n,
                 max(extract(epoch from locked_until - created_at))::float8 as lease,
                 max(extract(epoch from locked_until - now()))::float8 as left
            from idempotency_keys where status = 'running'`,
    );
    for (const outcome of await timelines) if (outcome.status === 'rejected') throw outcome.reason;
    let extra: Awaited<ReturnType<typeof runGivingScenario>> | undefined;
    const lastEvent = events.reduce((a, b) => (a.at > b.at ? a : b));
    // Donors stop starting acts at SECONDS; the ones in the middle of an act's resends finish it.
    const deadline = new Date(Math.min(t0 + SECONDS * 1000, givingEnded.getTime()));
    const stretchEnds: Event[] = [...events, { at: deadline, label: 'donors finishing the acts under way' }];
    if (lastEvent.at.getTime() <= deadline.getTime() - 5_000) {
      stretchEnds.push({ at: givingEnded, label: 'end' });
    } else {
      // A restart outlasted the run: the same donors give for a while more once everything is back.
      stretchEnds.push({ at: givingEnded, label: '(donors stopped; a restart went on)' });
      stretchEnds.push({ at: new Date(), label: `${AFTER_SECONDS} s more once everything was back` });
      extra = await runGivingScenario([cluster.url], [campaignId], AFTER_SECONDS, onError, { retrying: true });
      stretchEnds.push({ at: new Date(), label: 'end' });
    }
    stretchEnds.sort((a, b) => a.at.getTime() - b.at.getTime());
    const counts = await giftsBetween(
      check,
      stretchEnds.map((e) => e.at),
    );
    console.log(
      `  ${result.donors} donors through nginx for ${SECONDS} s, one campaign of ${QUANTITY.toLocaleString('en')} units; instance 1 killed at ${KILL_AT} s, started again at ${RESTART_AT} s, healthy ${(backAfterMs / 1000).toFixed(1)} s later; replica killed at ${REPLICA_KILL_AT} s, started again at ${REPLICA_RESTART_AT} s, accepting connections ${(replicaBackMs / 1000).toFixed(1)} s later`,
    );
    console.log('  from     stretch                                      seconds   gifts   gifts/s');
    counts.forEach((n, i) => {
      const seconds = (stretchEnds[i + 1]!.at.getTime() - stretchEnds[i]!.at.getTime()) / 1000;
      console.log(
        `  ${`${at(stretchEnds[i]!.at)} s`.padEnd(8)} ${stretchEnds[i]!.label.padEnd(44)} ${seconds.toFixed(1).padStart(7)} ${String(n).padStart(7)} ${(seconds > 0 ? n / seconds : 0).toFixed(1).padStart(9)}`,
      );
    });
    const total = (key: 'checkouts' | 'fulfilments' | 'refused' | 'errors' | 'retries' | 'replays' | 'resentActs') =>
      result[key] + (extra?.[key] ?? 0);
    const retriedFor = new Map(result.retriedFor);
    for (const [why, n] of extra?.retriedFor ?? []) retriedFor.set(why, (retriedFor.get(why) ?? 0) + n);
    console.log(
      `  donors saw: ${total('checkouts')} checkouts, ${total('fulfilments')} gifts confirmed, ${total('refused')} refused (409), ${total('errors')} errors (goal 0)${errors.size ? `: ${[...errors].map(([what, n]) => `${n} x ${what}`).join(', ')}` : ''}`,
    );
    console.log(
      `  sent again: ${total('retries')} requests for ${total('resentActs')} acts${retriedFor.size ? ` (${[...retriedFor].map(([why, n]) => `${n} x ${why}`).join(', ')})` : ''}; replies replayed (Idempotent-Replayed: true): ${total('replays')}`,
    );

    console.log(
      `  ${READERS} visitors reading the campaign's page meanwhile: ${reads.ok} reads answered, ${[...reads.failed.values()].reduce((a, b) => a + b, 0)} failed${reads.failed.size ? `: ${[...reads.failed].map(([what, n]) => `${n} x ${what}`).join(', ')}` : ''} (goal 0)`,
    );
    if (held!.n > 0)
      console.log(
        `  keys still held when the donors stopped (their first request died with its instance): ${held!.n}, each for a lease of ${held!.lease?.toFixed(0)} s from its claim (${Math.max(0, held!.left ?? 0).toFixed(0)} s still to run)`,
      );
    const seen = [...result.seen, ...(extra?.seen ?? [])];
    for (const e of seen.slice(0, 12))
      console.log(
        `    ${e.step} ${e.what}: act began at ${(e.startedMs / 1000).toFixed(1)} s, gave up at ${(e.endedMs / 1000).toFixed(1)} s after ${e.tries} tries`,
      );

    // The killed instance's unfinished work: payments taken but not yet recorded are found by the
    // minute sweep; receipt jobs it had taken are run again once they expire.
    const settleStarted = Date.now();
    let ledger = await ledgerCheck(check, start);
    let receipts = receiptsByReference(cluster.smtp.messages.map((m) => m.subject));
    const firstLook = { unrecorded: ledger.unrecorded, missing: ledger.recorded - receipts.size };
    while (Date.now() - settleStarted < SETTLE_MS) {
      const paid = await selectRows<{ reference: string }>(
        check.db,
        sql`select reference from donations where status = 'paid' and paid_at >= ${start.toISOString()}::timestamptz`,
      );
      receipts = receiptsByReference(cluster.smtp.messages.map((m) => m.subject));
      ledger = await ledgerCheck(check, start);
      if (ledger.unrecorded === 0 && paid.every((p) => receipts.has(p.reference))) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const paid = await selectRows<{ reference: string }>(
      check.db,
      sql`select reference from donations where status = 'paid' and paid_at >= ${start.toISOString()}::timestamptz`,
    );
    const withReceipt = paid.filter((p) => receipts.has(p.reference)).length;
    const twice = paid.filter((p) => (receipts.get(p.reference) ?? 0) > 1).length;
    const sold = await oversold(check, [campaignId]);
    const acts = await perAct(check, start);
    console.log(
      `  right after the run: ${firstLook.unrecorded} payments taken but not yet recorded, ${firstLook.missing} receipts not yet sent; settled after ${((Date.now() - settleStarted) / 1000).toFixed(0)} s:`,
    );
    console.log(
      `  payments taken by the provider: ${ledger.taken}; gifts recorded as paid: ${ledger.recorded}; taken but not recorded: ${ledger.unrecorded} (must be 0); recorded without a payment: ${ledger.without_payment} (must be 0)`,
    );
    console.log(
      `  acts (checkouts asked for, one donor email each): ${acts.acts}; paid twice: ${acts.paid_twice} (must be 0); recorded as paid twice: ${acts.recorded_twice} (must be 0); references recorded twice: ${acts.reference_twice} (must be 0); acts that made a second hold (an instance died before keeping the first reply; the hold lapses unpaid): ${acts.two_holds}`,
    );
    console.log(
      `  paid gifts not exactly one unit: ${ledger.not_one_unit} (must be 0); with a receipt: ${withReceipt} of ${paid.length}; receipts sent twice: ${twice} (must be 0)`,
    );
    console.log(
      `  units sold: ${sold.sold} of ${sold.quantity}${sold.sold >= sold.quantity ? ' (SOLD OUT during the run)' : ''}; oversold: ${sold.oversold} (must be 0); amount raised equals paid items: ${sold.raisedMatchesPaid}`,
    );
    const after = await Promise.all(cluster.metricsUrls.map(readMetrics));
    cluster.metricsUrls.forEach((url, i) => {
      const show = (m: string[] | string | undefined) => (typeof m === 'string' ? m : (m ?? []).join('; '));
      console.log(`  instance ${i + 1}'s read routing (${url}):`);
      console.log(`    while the replica was down: ${show(metricsWhileReplicaDown[i])}`);
      console.log(`    at the end${i === 0 ? ' (counted since its restart)' : ''}: ${show(after[i])}`);
    });
  } finally {
    await check.close();
    await cluster.stop();
  }
}
