import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, METRICS_ON_PUBLIC_PORT } from '../config';
import { selectRows } from '../db/client';
import { JOB } from '../jobs/names';
import { createOrganizationCampaign, payForCampaign, signUpUser } from '../test/fixtures';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../test/harness';

let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A stand-in build, so the public port's fallback would draw a page for any other address.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Gift of Independence</title>');
  ctx = await startTestApp({ webDistDir: webDir, metrics: { port: 0, host: '127.0.0.1' }, publicCacheSeconds: 60 });
});
afterAll(async () => {
  await stopTestApp(ctx);
  fs.rmSync(webDir, { recursive: true, force: true });
});

async function scrape(): Promise<string> {
  const at = ctx.app.metrics.address()!;
  const res = await fetch(`http://127.0.0.1:${at.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one series in a scrape (`name{a="b",...}`, labels in the order given), or undefined. */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = match[2] ? match[2].split(/,(?=[a-z_]+=")/) : [];
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  it('are served on their own port, and the public port answers 404 for /metrics', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/campaigns' });
    expect(page.statusCode).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('goi_');
    expect(res.json()).toMatchObject({ code: 'not_found' });

    const at = ctx.app.metrics.address()!;
    expect(at.port).not.toBe(0);
    expect((await fetch(`http://127.0.0.1:${at.port}/elsewhere`)).status).toBe(404);
    const text = await scrape();
    // Node's own process metrics come too.
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('count requests by route pattern and status class, unmatched ones under one label', async () => {
    const before = await scrape();
    const live = { method: 'GET', route: '/api/health/live', status_class: '2xx' };
    const campaign = { method: 'GET', route: '/api/campaigns/:id', status_class: '4xx' };
    const unmatched = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    await ctx.app.inject({ method: 'GET', url: '/api/campaigns/987654321' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-1' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing-2' });
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    expect(moved('goi_http_requests_total', live)).toBe(3);
    expect(moved('goi_http_request_duration_seconds_count', live)).toBe(3);
    expect(moved('goi_http_request_duration_seconds_bucket', { ...live, le: '+Inf' })).toBe(3);
    expect(moved('goi_http_requests_total', campaign)).toBe(1);
    expect(moved('goi_http_requests_total', unmatched)).toBe(2);
    // Never the address asked for.
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('no-such-thing');
  });

  it('show the pool, the queue, the payments and the mail as they move', async () => {
    const before = await scrape();
    expect(value(before, 'goi_db_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(value(before, 'goi_jobs', { job: JOB.mail, state: 'failed' })).toBeDefined();
    expect(value(before, 'goi_job_last_success_timestamp_seconds', { job: JOB.reconcile })).toBeDefined();
    const paid = (text: string) => value(text, 'goi_payments', { status: 'paid' }) ?? -1;
    const [counted] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donations where status = 'paid'`,
    );
    expect(paid(before)).toBe(Number(counted!.n));

    const campaign = await createOrganizationCampaign(ctx.database.db, 5);
    await payForCampaign(ctx.app, `org-${campaign}`);
    await signUpUser(ctx.app, undefined, { role: 'donor' });
    // The sweep, run once now rather than at the top of the next minute.
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);

    const after = await eventually('the sweep and the sent mail in the metrics', scrape, (text) => {
      const swept = value(text, 'goi_job_last_success_timestamp_seconds', { job: JOB.reconcile }) ?? 0;
      return swept > 0 && (value(text, 'goi_messages_total', { channel: 'mail', outcome: 'sent' }) ?? 0) > 0;
    });
    expect(paid(after)).toBe(paid(before) + 1);
    expect(value(after, 'goi_messages_total', { channel: 'mail', outcome: 'sent' })).toBeGreaterThan(0);
    expect(value(after, 'goi_messages_total', { channel: 'sms', outcome: 'failed' })).toBe(0);
    expect(value(after, 'goi_messages_total', { channel: 'whatsapp', outcome: 'failed' })).toBe(0);
    const swept = value(after, 'goi_job_last_success_timestamp_seconds', { job: JOB.reconcile })!;
    expect(Math.abs(swept - Date.now() / 1000)).toBeLessThan(600);
  });

  it('count rate-limit refusals by rule and the public cache by kind', async () => {
    const email = `limited.${Date.now()}@example.org`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/receipts/resend',
        remoteAddress: `10.77.0.${i + 1}`,
        payload: { email },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    for (let i = 0; i < 3; i++) await ctx.app.inject({ method: 'GET', url: '/api/stats' });
    const text = await scrape();
    expect(value(text, 'goi_rate_limit_refusals_total', { rule: 'receipt-resend-email' })).toBe(1);
    expect(value(text, 'goi_public_cache_lookups_total', { kind: 'json', outcome: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(value(text, 'goi_public_cache_lookups_total', { kind: 'json', outcome: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'goi_public_cache_entries')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'goi_public_cache_bytes')).toBeGreaterThan(0);
  });
});

describe('the alert rules (ops/prometheus/alerts.yml)', () => {
  type Rule = {
    alert?: string;
    expr?: string;
    for?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  const file = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'ops', 'prometheus', 'alerts.yml'), 'utf8');
  const rules = (parse(file) as { groups: Array<{ name: string; rules: Rule[] }> }).groups.flatMap((g) => g.rules);

  it('are Prometheus rule groups, each alert with an expression, a severity and a summary', () => {
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      expect(rule.alert, JSON.stringify(rule)).toMatch(/^Goi[A-Za-z0-9]+$/);
      expect(rule.expr?.trim(), rule.alert).toBeTruthy();
      expect(['page', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for !== undefined) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
    }
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    // What the brief of an on-call person names: instances, errors, latency, jobs, money.
    for (const wanted of [
      'GoiInstanceDown',
      'GoiInstanceNotReady',
      'GoiHigh5xxRate',
      'GoiSlowRequests',
      'GoiJobsFailing',
      'GoiPaymentsNeedAttention',
      'GoiReconcileSweepNotRunning',
    ])
      expect(names).toContain(wanted);
  });

  it('name only series the app exposes', async () => {
    const text = await scrape();
    const used = new Set(rules.flatMap((r) => r.expr?.match(/\bgoi_[a-z_]+/g) ?? []));
    for (const name of used) expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));
  });
});

describe('METRICS_PORT', () => {
  it('is off when unset, and never the public port', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(METRICS_ON_PUBLIC_PORT);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });
});
