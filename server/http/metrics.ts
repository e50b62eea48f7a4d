import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Every metric of ours starts with this; Node's process metrics keep their usual names. */
export const PREFIX = 'goi_';

/** The route label of a request no route matched (404s, and the pages the fallback draws). */
export const UNMATCHED = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type Outcome = 'sent' | 'failed';

type Labels<L extends string> = Partial<Record<L, string>>;

/**
 * One app's metrics: a registry of its own (tests build several apps in one process), the counters
 * the app's parts move as things happen, and gauges read when Prometheus scrapes.
 */
export type Metrics = {
  readonly registry: Registry;
  /** A request refused by a named rate-limit rule. */
  rateLimited(rule: string): void;
  /** One mail, SMS or WhatsApp message taken by its provider, or refused by it (each try counts). */
  message(channel: 'mail' | 'sms' | 'whatsapp', outcome: Outcome): void;
  /** A gauge whose values `read` sets at each scrape. */
  gaugeOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (set: (labels: Labels<L>, value: number) => void) => Promise<void> | void,
  ): void;
  /** A counter kept elsewhere as a running total, copied in at each scrape. */
  counterOnScrape<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: () => Array<{ labels: Labels<L>; value: number }>,
  ): void;
  /** The duration and status of every HTTP request the app answers. */
  observeRequests(app: FastifyInstance): void;
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  const httpLabels = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames: httpLabels,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its reply being sent, by method, route pattern and status class.',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: `${PREFIX}rate_limit_refusals_total`,
    help: 'Requests refused with 429 by a rate-limit rule, by rule.',
    labelNames: ['rule'],
    registers: [registry],
  });
  const messages = new Counter({
    name: `${PREFIX}messages_total`,
    help: 'Mails, SMS and WhatsApp messages handed to their provider (sent) or refused by it (failed, each try), by channel.',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  for (const channel of ['mail', 'sms', 'whatsapp'])
    for (const outcome of ['sent', 'failed']) messages.inc({ channel, outcome }, 0);
  const collectErrors = new Counter({
    name: `${PREFIX}metrics_collect_errors_total`,
    help: 'Scrapes in which a metric read on scrape could not be read (the database not answering, say), by metric.',
    labelNames: ['metric'],
    registers: [registry],
  });

  return {
    registry,
    rateLimited: (rule) => refusals.inc({ rule }),
    message: (channel, outcome) => messages.inc({ channel, outcome }),
    gaugeOnScrape(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        async collect() {
          // Only what this scrape read is reported: a label set that went away does not linger.
          this.reset();
          try {
            await read((labels, value) => this.set(labels, value));
          } catch {
            // The rest of the scrape still answers; this gauge is left out of it.
            this.reset();
            collectErrors.inc({ metric: name });
          }
        },
      });
    },
    counterOnScrape(name, help, labelNames, read) {
      new Counter({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        collect() {
          this.reset();
          for (const { labels, value } of read()) this.inc(labels, value);
        },
      });
    },
    observeRequests(app) {
      app.addHook('onResponse', (request, reply, done) => {
        const labels = {
          method: METHODS.has(request.method) ? request.method : 'other',
          // The pattern (`/api/campaigns/:id`), never the address asked for, so the series stay few.
          route: request.routeOptions.url ?? UNMATCHED,
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
        done();
      });
    },
  };
}

/** `sender` with each send counted as sent or failed; everything else about it unchanged. */
export function countSends<T extends { send(message: never): Promise<unknown> }>(
  sender: T,
  count: (outcome: Outcome) => void,
): T {
  const counted = Object.create(sender) as T;
  counted.send = (async (message: never) => {
    let result: unknown;
    try {
      result = await sender.send(message);
    } catch (error) {
      count('failed');
      throw error;
    }
    count('sent');
    return result;
  }) as T['send'];
  return counted;
}

/** Node's own process metrics (CPU, memory, event-loop delay, GC), added only where metrics are served. */
export function addProcessMetrics(registry: Registry): void {
  collectDefaultMetrics({ register: registry });
}

/**
 * A plain HTTP listener answering `GET /metrics` from `registry` and 404 to anything else, apart
 * from the site's port so the metrics are never public.
 */
export async function serveMetrics(
  registry: Registry,
  where: { host: string; port: number },
  log: (message: string, error: unknown) => void,
): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found. Metrics are at /metrics.\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        log('Metrics could not be collected', error);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected.\n');
      },
    );
  });
  // A scraper keeps its connection between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
