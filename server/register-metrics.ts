import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { connectionUse } from './db/client';
import type { AppDeps } from './deps';
import { addProcessMetrics, PREFIX, serveMetrics, type Metrics } from './http/metrics';
import { checkReadiness } from './modules/content/readiness';
import { checkoutsByDeskStatus } from './modules/money-desk/desk-counts';

/**
 * Ties the metrics read on scrape to the parts that keep their numbers (the money desk keeps what a
 * payment's status is; the queue its jobs; the public cache its counts), and serves them on
 * METRICS_PORT when it is set. Every name is listed in README's "Metrics and health".
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: AppDeps,
  metrics: Metrics,
): { address(): AddressInfo | undefined } {
  metrics.observeRequests(app);

  metrics.gaugeOnScrape(
    `${PREFIX}ready`,
    '1 while this instance answers GET /api/health/ready with 200, 0 while it answers 503 (stopping, database silent, migrations missing).',
    [],
    async (set) => {
      const ready = await checkReadiness(deps).then(
        () => 1,
        () => 0,
      );
      set({}, ready);
    },
  );

  metrics.gaugeOnScrape(
    `${PREFIX}db_connections`,
    "Database connections of this process's pool by state (total, idle, waiting for one); the embedded database has one.",
    ['state'],
    (set) => {
      const use = connectionUse(deps.db);
      set({ state: 'total' }, use.total);
      if (use.idle !== undefined) set({ state: 'idle' }, use.idle);
      if (use.waiting !== undefined) set({ state: 'waiting' }, use.waiting);
    },
  );

  metrics.gaugeOnScrape(
    `${PREFIX}jobs`,
    'Background jobs in the shared queue by kind and state: waiting (to run or to be retried), active, failed (tries used up).',
    ['job', 'state'],
    async (set) => {
      for (const row of await deps.jobs.countsByName()) {
        set({ job: row.name, state: 'waiting' }, row.waiting);
        set({ job: row.name, state: 'active' }, row.active);
        set({ job: row.name, state: 'failed' }, row.failed);
      }
    },
  );

  metrics.gaugeOnScrape(
    `${PREFIX}job_last_success_timestamp_seconds`,
    'When each scheduled job (the payment reconciliation sweep among them) last completed, in Unix seconds; 0 when not within the last day.',
    ['job'],
    async (set) => {
      for (const { name, at } of await deps.jobs.lastCompleted()) set({ job: name }, at ? at.getTime() / 1000 : 0);
    },
  );

  metrics.gaugeOnScrape(
    `${PREFIX}payments`,
    "Checkouts by the money desk's status: held (waiting for payment), needs_attention, paid (recorded), refunded, lapsed, failed.",
    ['status'],
    async (set) => {
      for (const [status, n] of Object.entries(await checkoutsByDeskStatus(deps.db))) set({ status }, n);
    },
  );

  const replica = deps.replica;
  if (replica) {
    metrics.gaugeOnScrape(
      `${PREFIX}db_replica_lag_seconds`,
      'How far the read replica (DATABASE_READ_URL) is behind the primary by its last probe, in seconds; -1 while it does not answer.',
      [],
      (set) => set({}, replica.status().lagSeconds ?? -1),
    );
    metrics.counterOnScrape(
      `${PREFIX}db_public_reads_total`,
      'Public reads answered by the read replica, by target (replica or primary).',
      ['target'],
      () => {
        const { reads } = replica.status();
        const primary = reads.down + reads.lag + reads.own_write + reads.failed;
        return [
          { labels: { target: 'replica' }, value: reads.replica },
          { labels: { target: 'primary' }, value: primary },
        ];
      },
    );
    metrics.counterOnScrape(
      `${PREFIX}db_read_fallbacks_total`,
      'Public reads sent to the primary rather than the replica, by reason: down (the replica does not answer), lag (behind by more than DATABASE_READ_MAX_LAG_SECONDS), own_write (the reader wrote something the replica has not replayed yet), failed (the replica failed the read, which ran again on the primary).',
      ['reason'],
      () => {
        const { reads } = replica.status();
        return (['down', 'lag', 'own_write', 'failed'] as const).map((reason) => ({
          labels: { reason },
          value: reads[reason],
        }));
      },
    );
  }

  const cache = () => deps.publicCache.stats();
  metrics.counterOnScrape(
    `${PREFIX}public_cache_lookups_total`,
    'Public JSON replies and drawn pages answered from a kept copy (hit) or made anew (miss); pages for requests with credentials bypass the cache.',
    ['kind', 'outcome'],
    () => {
      const { json, page } = cache();
      return [
        { labels: { kind: 'json', outcome: 'hit' }, value: json.hits },
        { labels: { kind: 'json', outcome: 'miss' }, value: json.misses },
        { labels: { kind: 'page', outcome: 'hit' }, value: page.hits },
        { labels: { kind: 'page', outcome: 'miss' }, value: page.misses },
        { labels: { kind: 'page', outcome: 'bypassed' }, value: page.bypassed },
      ];
    },
  );
  metrics.gaugeOnScrape(`${PREFIX}public_cache_entries`, 'Copies the public cache holds.', [], (set) =>
    set({}, cache().entries),
  );
  metrics.gaugeOnScrape(`${PREFIX}public_cache_bytes`, 'Bytes the public cache holds.', [], (set) =>
    set({}, cache().bytes),
  );

  const where = deps.config.metrics;
  if (!where) return { address: () => undefined };
  let served: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  app.addHook('onReady', async () => {
    addProcessMetrics(metrics.registry);
    served = await serveMetrics(metrics.registry, where, (message, error) => app.log.error({ err: error }, message));
  });
  app.addHook('onClose', async () => {
    await served?.close();
  });
  return { address: () => served?.address };
}
