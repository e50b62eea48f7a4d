/**
 * `npm run drill:primary-loss`: rehearses losing the PostgreSQL primary on this machine, as
 * docs/drills/primary-loss.md tells an operator to handle it. A throw-away primary and a streaming
 * replica of it (asynchronous, as deployed), migrated and seeded; one app instance on the primary
 * with public reads on the replica; a few donors giving through the sandbox (checkout, test payment,
 * fulfilment; one gift in four is paid but its donor leaves before fulfilment, so only the sweep can
 * record it). After DRILL_SECONDS the primary is killed with SIGKILL; once the instance says it is not
 * ready the replica is promoted (`select pg_promote()`), and the instance is restarted on it. The donors
 * give DRILL_SECONDS more, then the sweep is given up to DRILL_SWEEP_SECONDS to record the payments
 * left pending. Last, the dead primary's own folder is started again alone, to count exactly what
 * it held that the promoted server lacks. It prints figures and asserts nothing; it stops every
 * process and deletes every folder it started, also on Ctrl-C.
 *
 *   DRILL_SECONDS        seconds of giving before the kill, and again after the restart (10)
 *   DRILL_DONORS         donors giving at once (8)
 *   DRILL_SWEEP_SECONDS  longest wait for the sweep after the giving (300)
 *   DRILL_CUT_SECONDS    cut the replica's stream this many seconds before the kill (0: never), as a
 *                        network fault or a replica far behind would: the gifts of those seconds are lost
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { seedDemo } from '../server/seed-demo';
import { startPrimary, startReplica, type PgServer } from '../server/test/postgres-servers';
import { createBenchCampaign } from '../bench/giving';
import { freePort, startApp, stopProcess, type AppProcess } from './app-process';

const SECONDS = Number(process.env.DRILL_SECONDS ?? 10);
const DONORS = Number(process.env.DRILL_DONORS ?? 8);
const SWEEP_SECONDS = Number(process.env.DRILL_SWEEP_SECONDS ?? 300);
const CUT_SECONDS = Math.min(Number(process.env.DRILL_CUT_SECONDS ?? 0), SECONDS);
/** Every fourth gift of a donor is paid and then left: the donor's browser never asks for fulfilment. */
const LEFT_EVERY = 4;

/** One gift as its donor saw it. */
type Gift = {
  reference: string;
  /** Which server took the checkout: the primary before the kill, or the promoted one. */
  on: 'old' | 'new';
  /** The sandbox answered the test payment with success. */
  taken: boolean;
  /** The donor left after paying, before fulfilment. */
  left: boolean;
  /** The fulfilment answered `paid`: the donor was told the gift is recorded. */
  confirmedAt: number | null;
};

const now = () => performance.now();
const secs = (ms: number) => (ms / 1000).toFixed(1);

/** One query on its own connection; for a server that may be down, with a short time-out. */
async function query<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined); // The server going away is what the drill is about.
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Of `references`: those a server has a checkout for, those it holds as paid gifts or as pending
 * checkouts, and those its sandbox ledger holds as paid.
 */
async function heldBy(url: string, references: string[]) {
  const [row] = await query<{
    known: string[] | null;
    paid: string[] | null;
    taken: string[] | null;
    pending: string[] | null;
  }>(
    url,
    `select (select array_agg(reference) from donations where reference = any($1)) as known,
            (select array_agg(reference) from donations where reference = any($1) and status = 'paid') as paid,
            (select array_agg(reference) from donations where reference = any($1) and status = 'pending') as pending,
            (select array_agg(reference) from sandbox_transactions where reference = any($1) and status = 'success') as taken`,
    [references],
  );
  return {
    known: new Set(row?.known ?? []),
    paid: new Set(row?.paid ?? []),
    pending: new Set(row?.pending ?? []),
    taken: new Set(row?.taken ?? []),
  };
}

/** Paid in the sandbox's ledger but not recorded as a gift: what the sweep is for. */
async function takenNotRecorded(url: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    url,
    `select count(*)::int as n from sandbox_transactions s join donations d using (reference)
      where s.status = 'success' and d.status = 'pending'`,
  );
  return row?.n ?? 0;
}

/**
 * Donors giving over HTTP, each looping checkout -> test payment -> fulfilment for one unit, as
 * bench/giving.ts's runGivingScenario does, but keeping every reference and what the donor was told.
 * `on()` says which server a new checkout is taken by; a failed step ends that gift, and the donor
 * waits 200 ms before the next, as a person would.
 */
function startDonors(baseUrl: string, campaignId: number, on: () => Gift['on']) {
  const gifts: Gift[] = [];
  const errors = new Map<string, number>();
  let stopping = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: DONORS });
  const post = (pathname: string, body: unknown, ip: string) =>
    new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        `${baseUrl}${pathname}`,
        {
          method: 'POST',
          agent,
          timeout: 15_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': ip,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            let parsed: Record<string, unknown> = {};
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            } catch {
              // Not JSON: counted by its status.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'timeout' })));
      req.on('error', reject);
      req.end(payload);
    });
  const failed = (step: string, what: string) => {
    const key = `${step} ${what}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
  };
  const pause = () => new Promise((r) => setTimeout(r, 200));
  const done = Promise.all(
    Array.from({ length: DONORS }, async (_, i) => {
      let n = 0;
      while (!stopping) {
        n += 1;
        // Each gift from its own address and email, so the per-address and per-email limits
        // (there against card testing) do not stop a handful of donors giving many times.
        const ip = `10.${i + 1}.${(n >> 8) & 255}.${n & 255}`;
        let gift: Gift | undefined;
        try {
          const server = on();
          const c = await post(
            '/api/donations/checkout',
            {
              donorEmail: `drill${i}.${n}@example.org`,
              donorFullName: `Drill Donor ${i}`,
              cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }],
            },
            ip,
          );
          if (c.status !== 200) {
            failed('checkout', String(c.status));
            await pause();
            continue;
          }
          gift = {
            reference: c.body.reference as string,
            on: server,
            taken: false,
            left: n % LEFT_EVERY === 0,
            confirmedAt: null,
          };
          gifts.push(gift);
          const p = await post('/api/payments/sandbox/charge', { reference: gift.reference }, ip);
          if (p.status !== 200 || p.body.status !== 'success') {
            failed('payment', String(p.status));
            await pause();
            continue;
          }
          gift.taken = true;
          if (gift.left) continue;
          const f = await post('/api/donations/fund', { transactionId: gift.reference }, ip);
          if (f.status === 200 && f.body.status === 'paid') gift.confirmedAt = now();
          else {
            failed('fulfilment', String(f.status));
            await pause();
          }
        } catch (error) {
          failed('request', (error as { code?: string }).code ?? (error instanceof Error ? error.message : 'failed'));
          await pause();
        }
      }
    }),
  );
  return {
    gifts,
    errors,
    async stop() {
      stopping = true;
      await done;
      agent.destroy();
    },
  };
}

/** Samples the primary's view of its replica every 250 ms: the most it was behind, in bytes and in time. */
function watchLag(primaryUrl: string) {
  let stopped = false;
  const seen = { samples: 0, maxBehindBytes: 0, maxReplayLagMs: 0, maxWriteLagMs: 0, lastBehindBytes: 0 };
  const client = new pg.Client({ connectionString: primaryUrl });
  client.on('error', () => undefined); // Its primary is about to be killed.
  const done = (async () => {
    await client.connect();
    while (!stopped) {
      try {
        const { rows } = await client.query<{
          behind: string | null;
          write_ms: number | null;
          replay_ms: number | null;
        }>(
          `select pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text as behind,
                  extract(epoch from write_lag) * 1000 as write_ms, extract(epoch from replay_lag) * 1000 as replay_ms
             from pg_stat_replication`,
        );
        const row = rows[0];
        if (row) {
          seen.samples += 1;
          seen.lastBehindBytes = Number(row.behind ?? 0);
          seen.maxBehindBytes = Math.max(seen.maxBehindBytes, seen.lastBehindBytes);
          seen.maxWriteLagMs = Math.max(seen.maxWriteLagMs, Number(row.write_ms ?? 0));
          seen.maxReplayLagMs = Math.max(seen.maxReplayLagMs, Number(row.replay_ms ?? 0));
        }
      } catch {
        break; // The primary is gone.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    seen,
    async stop() {
      stopped = true;
      await done.catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}

/** Resolves once `url` answers something other than 200 (the instance has noticed), or after `timeoutMs`. */
async function waitUntilNotReady(url: string, timeoutMs: number): Promise<string> {
  const deadline = now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(5_000) });
      const body = (await response.json().catch(() => ({}))) as { code?: string };
      if (response.status !== 200) return `${response.status} ${body.code ?? ''}`.trim();
    } catch (error) {
      return (error as { name?: string }).name === 'TimeoutError' ? 'no answer within 5 s' : 'connection refused';
    }
    if (now() > deadline) return `still 200 after ${timeoutMs / 1000} s`;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function main() {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanUp = async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error(`While cleaning up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.log('Interrupted: stopping everything the drill started.');
    void cleanUp().then(() => {
      console.log('Stopped the instance and both PostgreSQL servers; deleted their folders.');
      process.exit(130);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const began = now();
    console.log(`Drill: losing the PostgreSQL primary (${new Date().toISOString()})`);
    // The production default: a commit is flushed on the primary before the donor is told, and
    // streamed to the replica after (asynchronous replication).
    const primary: PgServer = await startPrimary({ settings: { synchronous_commit: 'on' } });
    cleanups.push(() => primary.remove());
    const database = await openPostgres(primary.url, 2);
    let campaignId: number;
    try {
      await database.migrate();
      await seedDemo(database.db);
      campaignId = await createBenchCampaign(database, 100_000);
    } finally {
      await database.close();
    }
    const replica = await startReplica(primary);
    cleanups.push(() => replica.remove());
    console.log(
      `Primary on port ${primary.port}, streaming replica on port ${replica.port}, migrated and seeded in ${secs(now() - began)} s`,
    );

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-drill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const baseEnv = {
      DATA_DIR: dataDir,
      SIGNING_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      // The donors say their own addresses, as visitors behind the proxy do.
      TRUST_PROXY: '1',
    };
    let app: AppProcess | undefined;
    cleanups.push(() => (app ? stopProcess(app.child) : undefined));
    // However this process ends, the instance and its folder go with it (the PostgreSQL servers'
    // own exit handler takes care of theirs).
    process.once('exit', () => {
      if (app && app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    app = await startApp({
      port,
      env: { ...baseEnv, DATABASE_URL: primary.url, DATABASE_DIRECT_URL: primary.url, DATABASE_READ_URL: replica.url },
      label: 'the instance',
    });
    console.log(`Instance ready ${secs(app.readyMs)} s after start, on the primary (reads on the replica)`);
    // What the instance said last, and when it exited by itself, if it did.
    let firstOutput = '';
    let lastOutput = '';
    let exitedAt: number | null = null;
    let exitedWith = '';
    const first = app.child;
    const keep = (chunk: Buffer) => {
      lastOutput = (lastOutput + chunk.toString()).slice(-4_000);
    };
    first.stdout!.on('data', keep);
    first.stderr!.on('data', keep);
    first.once('exit', (code, signal) => {
      exitedAt = now();
      exitedWith = String(code ?? signal);
    });

    let phase: Gift['on'] = 'old';
    const lag = watchLag(primary.url);
    cleanups.push(() => lag.stop());
    const donors = startDonors(app.url, campaignId, () => phase);
    cleanups.push(() => donors.stop());
    await new Promise((r) => setTimeout(r, (SECONDS - CUT_SECONDS) * 1000));
    let cutAt: number | null = null;
    if (CUT_SECONDS > 0) {
      // The replica stops receiving WAL (its WAL receiver stops when primary_conninfo is emptied).
      await query(replica.url, "alter system set primary_conninfo = ''");
      await query(replica.url, 'select pg_reload_conf()');
      cutAt = now();
      await new Promise((r) => setTimeout(r, CUT_SECONDS * 1000));
    }

    // The primary dies, as a crashed machine would.
    const killedAt = now();
    primary.kill();
    const notReady = await waitUntilNotReady(app.url, 30_000);
    const noticedAt = now();
    await lag.stop();
    const [wal] = await query<{ received: string; replayed: string }>(
      replica.url,
      'select pg_last_wal_receive_lsn()::text as received, pg_last_wal_replay_lsn()::text as replayed',
    );

    // Promote the replica: it replays what it received, then takes writes.
    const promoteFrom = now();
    await query(replica.url, 'select pg_promote(wait => true, wait_seconds => 60)');
    const promotedAt = now();
    // What the promoted server holds of the old primary's gifts, before anything writes to it.
    const old = donors.gifts.filter((g) => g.on === 'old');
    const onPromoted = await heldBy(
      replica.url,
      old.map((g) => g.reference),
    );

    // Restart the instance pointed at the promoted server; public reads go there too.
    phase = 'new';
    const stopFrom = now();
    const exitedByItself = exitedAt !== null;
    firstOutput = lastOutput;
    await stopProcess(app.child);
    const stoppedAt = now();
    app = await startApp({
      port,
      env: { ...baseEnv, DATABASE_URL: replica.url, DATABASE_DIRECT_URL: replica.url },
      label: 'the restarted instance',
    });
    const restartedAt = now();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    await donors.stop();
    const givingEndedAt = now();

    const gifts = donors.gifts;
    const oldConfirmed = old.filter((g) => g.confirmedAt !== null);
    const oldTaken = old.filter((g) => g.taken);
    const firstAfter = gifts
      .filter((g) => g.on === 'new' && g.confirmedAt !== null)
      .reduce((first, g) => Math.min(first, g.confirmedAt!), Infinity);
    const confirmedLost = oldConfirmed.filter((g) => !onPromoted.paid.has(g.reference));
    const takenLost = oldTaken.filter((g) => !onPromoted.taken.has(g.reference));
    const takenWithoutRow = oldTaken.filter((g) => !onPromoted.known.has(g.reference));
    const pendingAtPromotion = oldTaken.filter(
      (g) => onPromoted.pending.has(g.reference) && onPromoted.taken.has(g.reference),
    );
    const pendingLedgerLost = oldTaken.filter(
      (g) => onPromoted.pending.has(g.reference) && !onPromoted.taken.has(g.reference),
    );
    const recordedUntold = oldTaken.filter((g) => g.confirmedAt === null && onPromoted.paid.has(g.reference));

    // The sweep: every payment the promoted server's ledger holds as taken but not recorded.
    const sweepFrom = now();
    let waiting = await takenNotRecorded(replica.url);
    const waitingAtEnd = waiting;
    // When the sweep had recorded every payment the old primary left pending.
    let oldSweptAt: number | null = null;
    const leftPending = pendingAtPromotion.map((g) => g.reference);
    for (;;) {
      if (oldSweptAt === null && (await heldBy(replica.url, leftPending)).paid.size === leftPending.length)
        oldSweptAt = now();
      if ((waiting === 0 && oldSweptAt !== null) || now() - sweepFrom >= SWEEP_SECONDS * 1000) break;
      await new Promise((r) => setTimeout(r, 2_000));
      waiting = await takenNotRecorded(replica.url);
    }
    const sweepWaited = now() - sweepFrom;
    const afterSweep = await heldBy(
      replica.url,
      old.map((g) => g.reference),
    );
    await stopProcess(app.child);
    app = undefined;

    // What the dead primary held: its own folder, started again alone (never where an instance can reach it).
    await primary.start();
    const onOld = await heldBy(
      primary.url,
      old.map((g) => g.reference),
    );
    const paidOnOldOnly = [...onOld.paid].filter((r) => !onPromoted.paid.has(r));
    const takenOnOldOnly = [...onOld.taken].filter((r) => !onPromoted.taken.has(r));
    const stillMissing = paidOnOldOnly.filter((r) => !afterSweep.paid.has(r));
    const noRowOnPromoted = [...onOld.taken].filter((r) => !onPromoted.known.has(r));

    const count = (list: unknown[]) => list.length;
    const lines = firstOutput.split('\n').map((line) => line.trim());
    // The error that ended it and what emitted it (Node's report of an unhandled 'error' event), or
    // the last call it came from (its report of an unhandled rejection).
    const lastError =
      [
        ...lines.filter((line) => /^(\w*error\b:|emitted 'error')/i.test(line)).slice(-2),
        ...lines.filter((line) => /^at async /.test(line)).slice(-1),
      ].join(' / ') || 'nothing logged';
    // What an instance that stayed up logged about the database, each message once.
    const logged =
      [...new Set(lines.filter((line) => /connection error|database error/i.test(line)))].slice(0, 3).join(' / ') ||
      'nothing logged';
    const say = (line = '') => console.log(line);
    say();
    say(
      `Rehearsed on ${new Date().toISOString().slice(0, 10)}: ${DONORS} donors, ${SECONDS} s of giving before the kill and ${SECONDS} s after the restart` +
        (CUT_SECONDS > 0 ? `; the replica's stream cut ${CUT_SECONDS} s before the kill` : ''),
    );
    say();
    say("Replication before the kill (the primary's pg_stat_replication, every 250 ms):");
    say(
      `  ${lag.seen.samples} samples; most behind ${lag.seen.maxBehindBytes} bytes of WAL; write lag at most ${lag.seen.maxWriteLagMs.toFixed(1)} ms, replay lag at most ${lag.seen.maxReplayLagMs.toFixed(1)} ms`,
    );
    if (cutAt !== null) say(`  stream cut ${secs(killedAt - cutAt)} s before the kill`);
    say(`  the replica after the kill: received up to ${wal?.received}, replayed up to ${wal?.replayed}`);
    say();
    say('Time line (from the SIGKILL):');
    say(
      exitedByItself
        ? `  the instance exited by itself (${exitedWith}) ${secs(exitedAt! - killedAt)} s after the kill; its last words: ${lastError.slice(0, 300)}`
        : `  the instance stayed up and answered ready with ${notReady} after ${secs(noticedAt - killedAt)} s; it logged: ${logged.slice(0, 300)}`,
    );
    say(`  pg_promote() took ${secs(promotedAt - promoteFrom)} s, done at ${secs(promotedAt - killedAt)} s`);
    say(
      `  the instance ${exitedByItself ? 'was started again' : `stopped in ${secs(stoppedAt - stopFrom)} s and was started again`} on the promoted server, ready at ${secs(restartedAt - killedAt)} s (${secs(restartedAt - stoppedAt)} s to start)`,
    );
    say(
      `  seconds without writes (kill to the first gift recorded on the promoted server): ${Number.isFinite(firstAfter) ? secs(firstAfter - killedAt) : 'none recorded'}`,
    );
    say();
    say('Gifts taken by the old primary, as donors saw them:');
    say(
      `  checkouts ${count(old)}, payments the sandbox took ${count(oldTaken)}, gifts confirmed to donors ${count(oldConfirmed)}`,
    );
    say(
      `  confirmed gifts on the promoted server: ${count(oldConfirmed) - count(confirmedLost)} of ${count(oldConfirmed)} (lost: ${count(confirmedLost)})`,
    );
    say(`  recorded on the promoted server, the donor never told (the reply was cut off): ${count(recordedUntold)}`);
    say(`  payments the sandbox took that the promoted server's ledger lacks: ${count(takenLost)}`);
    say(
      `  of those, with no checkout row on the promoted server (no sweep can find them): ${count(takenWithoutRow)}; with a pending row but no paid ledger entry (Paystack would still know them, the sandbox forgot): ${count(pendingLedgerLost)}`,
    );
    say();
    say("The dead primary's own folder, started again alone afterwards:");
    say(
      `  gifts recorded there that the promoted server lacked at promotion: ${count(paidOnOldOnly)} (still missing after the sweep: ${count(stillMissing)})`,
    );
    say(
      `  payments taken there that the promoted server lacked: ${count(takenOnOldOnly)} (of them with no checkout row there: ${count(noRowOnPromoted)})`,
    );
    say();
    say('The sweep on the promoted server:');
    say(
      `  payments taken but not recorded when the giving ended: ${waitingAtEnd}; after ${secs(sweepWaited)} s: ${waiting}`,
    );
    say(
      `  the old primary's payments pending at promotion (the donor left, or fulfilment failed): ${count(pendingAtPromotion.filter((g) => afterSweep.paid.has(g.reference)))} of ${count(pendingAtPromotion)} recorded by the sweep` +
        (oldSweptAt !== null ? `, the last ${secs(oldSweptAt - restartedAt)} s after the restart` : ''),
    );
    say();
    const after = gifts.filter((g) => g.on === 'new');
    say(
      `After the restart: checkouts ${count(after)}, gifts confirmed ${count(after.filter((g) => g.confirmedAt !== null))}; giving ended ${secs(givingEndedAt - killedAt)} s after the kill`,
    );
    say(`Errors donors saw: ${[...donors.errors].map(([what, n]) => `${n} x ${what}`).join(', ') || 'none'}`);
  } finally {
    await cleanUp();
    console.log('Stopped the instance and both PostgreSQL servers; deleted their folders.');
  }
}

await main();
