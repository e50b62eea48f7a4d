import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres, selectRows, type Database, type Db } from './client';
import { isConnectionFailure } from './connection-failure';

/**
 * Public reads on a streaming replica (DATABASE_READ_URL, decision 0083). The replica is asked once
 * a second how far it has replayed the primary's write-ahead log; a public read goes to it only
 * while it is up, within the allowed lag, and already holds the reader's own last write (the time a
 * `Read-After` header names). Otherwise, and for anything in a transaction, the read goes to the
 * primary, and the reason is counted.
 */
export type ReplicaReads = {
  /**
   * The handle the app is given: the primary, except inside `run`'s read while the replica is fit
   * for it. Transactions always begin on the primary.
   */
  db: Db;
  /**
   * Runs a public read on the replica when it holds every write up to `after` (epoch ms, or none),
   * else on the primary, and says up to when its answer is known to be current. A read the replica
   * fails (it died, a conflict with recovery cancelled it, anything else) is run again on the primary.
   */
  run<T>(after: number | undefined, read: () => Promise<T>): Promise<{ value: T; asOf: number }>;
  /** Asks the replica now (the probe's next turn comes a second later anyway). */
  probe(): Promise<void>;
  status(): ReplicaStatus;
  close(): Promise<void>;
};

export type FallbackReason = 'down' | 'lag' | 'own_write' | 'failed';

export type ReplicaStatus = {
  /** Whether the last probe reached the replica. */
  up: boolean;
  /** Seconds the replica is behind the primary, by the last probe; null while it is down. */
  lagSeconds: number | null;
  /** Public reads answered by the replica, and those sent to the primary by reason. */
  reads: { replica: number } & Record<FallbackReason, number>;
};

const PROBE_MS = 1000;
/** How long the primary's positions are remembered: a replica further behind counts as this far. */
const HISTORY_MS = 120_000;

/** A write-ahead-log position ("16/B374D848") as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Where the primary's log was at each probe. The replica, having replayed up to some position, holds
 * every write committed before the newest sample at or below it: its lag is the time since then.
 */
function createLagClock() {
  const samples: Array<{ at: number; lsn: bigint }> = [];
  return {
    primaryAt(at: number, lsn: bigint) {
      samples.push({ at, lsn });
      while (samples.length > 1 && samples[0]!.at < at - HISTORY_MS) samples.shift();
    },
    /** The time up to which a replica replayed to `replayed` holds every write; 0 when none is known. */
    caughtUpTo(replayed: bigint): number {
      for (let i = samples.length - 1; i >= 0; i -= 1) if (samples[i]!.lsn <= replayed) return samples[i]!.at;
      return 0;
    },
  };
}

export async function openReplicaReads(
  primary: Database,
  url: string,
  options: { maxLagSeconds: number; poolSize?: number; onProbeError?: (message: string) => void },
): Promise<ReplicaReads> {
  const replica = await openPostgres(url, options.poolSize ?? 10, { pool: { connectionTimeoutMillis: 2000 } });
  const onReplica = new AsyncLocalStorage<true>();
  const clock = createLagClock();
  const reads = { replica: 0, down: 0, lag: 0, own_write: 0, failed: 0 };
  let up = false;
  let caughtUpTo = 0;
  let lastProbeError = '';

  const probe = async () => {
    const askedAt = Date.now();
    try {
      const [position] = await selectRows<{ lsn: string | null }>(
        primary.db,
        sql`select pg_current_wal_lsn()::text as lsn`,
      );
      if (position?.lsn) clock.primaryAt(askedAt, lsnBytes(position.lsn));
    } catch {
      // The primary not answering is the readiness check's to report; the replica is asked all the same.
    }
    try {
      const [state] = await selectRows<{ standby: boolean; replayed: string | null }>(
        replica.db,
        sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed`,
      );
      up = true;
      lastProbeError = '';
      // A server out of recovery (a promoted replica, or the primary named twice) is never behind.
      caughtUpTo = !state?.standby ? Date.now() : state.replayed ? clock.caughtUpTo(lsnBytes(state.replayed)) : 0;
    } catch (error) {
      up = false;
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastProbeError) options.onProbeError?.(message);
      lastProbeError = message;
    }
  };
  let probing: Promise<void> = probe();
  const timer = setInterval(() => {
    probing = probing.then(probe);
  }, PROBE_MS);
  timer.unref();
  await probing;

  const lagSeconds = () => (up ? Math.max(0, (Date.now() - caughtUpTo) / 1000 - PROBE_MS / 1000) : null);

  /** Where a read that must see writes up to `after` goes now. */
  const choose = (after: number | undefined): 'replica' | FallbackReason => {
    if (!up) return 'down';
    const lag = lagSeconds();
    if (lag === null || lag > options.maxLagSeconds) return 'lag';
    if (after !== undefined && caughtUpTo < after) return 'own_write';
    return 'replica';
  };

  const routed = new Proxy(primary.db, {
    get(target, property) {
      const source = property !== 'transaction' && onReplica.getStore() ? replica.db : target;
      const value = Reflect.get(source, property, source) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });

  return {
    db: routed,
    async run(after, read) {
      const target = choose(after);
      const startedAt = Date.now();
      if (target !== 'replica') {
        reads[target] += 1;
        return { value: await read(), asOf: startedAt };
      }
      const asOf = caughtUpTo;
      try {
        const value = await onReplica.run(true, read);
        reads.replica += 1;
        return { value, asOf };
      } catch (error) {
        // Whatever the replica failed at, the primary is asked once: a donor never sees a replica's
        // fault. A read wrong in itself fails there again, and that error is the one answered.
        if (isConnectionFailure(error)) up = false;
        reads.failed += 1;
        const retriedAt = Date.now();
        return { value: await read(), asOf: retriedAt };
      }
    },
    probe: () => (probing = probing.then(probe)),
    status: () => ({ up, lagSeconds: lagSeconds(), reads: { ...reads } }),
    async close() {
      clearInterval(timer);
      await probing.catch(() => undefined);
      await replica.close();
    },
  };
}
