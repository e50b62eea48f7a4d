import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';
import { freePort, startApp, type AppProcess } from '../scripts/app-process';
import { SETUP_MS } from './waits';

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
