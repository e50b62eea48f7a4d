import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';
import { freePort, startApp, type AppProcess } from '../scripts/app-process';
import { SETUP_MS, WAIT_MS } from './waits';

/**
 * `npm start` as a fresh machine runs it (decision 0059): scripts/start.mjs on plain node, with no
 * TypeScript loader anywhere, starting the compiled server (dist/server) on a new embedded database.
 * `npm run test:e2e` builds before the journeys, so the build is current and nothing is built here.
 */
let dataDir = '';
let app: AppProcess;

beforeAll(async () => {
  expect(buildIsCurrent(), 'the journeys run on a current build').toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-compiled-'));
  app = await startApp({
    entry: 'scripts/start.mjs',
    port: await freePort(),
    env: { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true', NODE_OPTIONS: '' },
    label: 'the compiled server',
  });
}, SETUP_MS);
afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('runs with plain node and no TypeScript loader', () => {
    expect(app.child.spawnargs.slice(1)).toEqual(['scripts/start.mjs']);
  });

  it('applies the migrations, seeds the demo data and draws a public page with its shipped images', async () => {
    const campaigns = (await (await fetch(`${app.url}/api/campaigns/featured`)).json()) as unknown[];
    expect(campaigns.length).toBeGreaterThan(0);
    const home = await fetch(`${app.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('Give the Gift of Independence');
    const image = /\/media\/seed\/[\w./-]+/.exec(html)?.[0];
    expect(image, 'the home page shows a demo image').toBeDefined();
    expect((await fetch(`${app.url}${image}`)).status).toBe(200);
  });

  // The bundled packages (decision 0059): the web framework's plugins, the job queue, the QR codes,
  // the password checks, the API reference and the mail, each used once as a person would.
  it('takes a gift whose receipt is mailed through the job queue', async () => {
    const [campaign] = (await (await fetch(`${app.url}/api/org-campaigns/active`)).json()) as Array<{ id: number }>;
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const checkout = await post('/api/donations/checkout', {
      donorEmail: 'compiled.donor@example.org',
      donorFullName: 'Compiled Donor',
      cartItems: [{ campaignId: `org-${campaign!.id}`, units: 1 }],
    });
    expect(checkout.status).toBe(200);
    const { reference } = (await checkout.json()) as { reference: string };
    expect((await post('/api/payments/sandbox/charge', { reference })).status).toBe(200);
    expect((await post('/api/donations/fund', { transactionId: reference })).status).toBe(200);
    const mailDir = path.join(dataDir, 'mail');
    const receiptMailed = async () => {
      for (const name of fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []) {
        if (fs.readFileSync(path.join(mailDir, name), 'utf8').includes('compiled.donor@example.org')) return true;
      }
      return false;
    };
    const until = Date.now() + WAIT_MS;
    while (!(await receiptMailed()) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await receiptMailed(), 'the receipt mail was written').toBe(true);
  });

  it('signs a person in, draws a QR code and serves the API reference', async () => {
    const signIn = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'donor@example.com', password: 'DemoPass123!' }),
    });
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { token?: string }).token).toBeTruthy();
    const [first] = (await (await fetch(`${app.url}/api/campaigns/featured`)).json()) as Array<{ id: number }>;
    const qr = await fetch(`${app.url}/api/campaigns/${first!.id}/qr.png`);
    expect(qr.status).toBe(200);
    expect(
      Buffer.from(await qr.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const openapi = (await (await fetch(`${app.url}/api/openapi.json`)).json()) as { paths: object };
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(100);
    const docs = await fetch(`${app.url}/api/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('draws a poster with the shipped fonts and PDF library loaded on first use, and stops on SIGTERM', async () => {
    const [first] = (await (await fetch(`${app.url}/api/campaigns/featured`)).json()) as Array<{ id: number }>;
    const poster = await fetch(`${app.url}/api/campaigns/${first!.id}/poster.pdf`);
    expect(poster.status).toBe(200);
    const bytes = Buffer.from(await poster.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('NotoSans');
    const exited = new Promise<number | null>((resolve) => app.child.once('exit', (code) => resolve(code)));
    app.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
