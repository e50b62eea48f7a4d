/**
 * Start-up figures: how long `npm start` takes to answer its first 200 on /api/health/ready on an embedded
 * database that already exists (migrated, seeded) with the build current, and how long a build
 * takes, which is what every start cost while `npm start` built each time. Prints; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp } from '../scripts/app-process';
import { build } from '../scripts/build';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';

const STARTS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runStartupBench() {
  const buildStarted = performance.now();
  await build(['--logLevel', 'warn']);
  const buildMs = performance.now() - buildStarted;
  const checkStarted = performance.now();
  const current = buildIsCurrent();
  const checkMs = performance.now() - checkStarted;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-startup-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' };
  try {
    // The first start creates, migrates and seeds the database; the measured ones find it ready.
    const first = await startApp({ port: await freePort(), env, label: 'the first start' });
    await first.stop();
    const viaStart: number[] = [];
    const direct: number[] = [];
    const uncached: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      for (const [entry, times, extra] of [
        ['scripts/start.ts', viaStart, {}],
        ['server/main.ts', direct, {}],
        // A new container's /tmp holds no tsx cache: every file is transformed on that first start.
        ['server/main.ts', uncached, { TSX_DISABLE_CACHE: '1' }],
      ] as const) {
        const app = await startApp({ entry, port: await freePort(), env: { ...env, ...extra } });
        times.push(app.readyMs);
        await app.stop();
      }
    }
    console.log(`\nStart-up on an existing embedded database (PGlite), build current: ${STARTS} starts each`);
    console.log(
      `  npm start (scripts/start.ts: checks the build, then the server): median ${median(viaStart).toFixed(0)} ms to the first 200 from /api/health/ready (${viaStart.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  the server alone (node --import tsx server/main.ts):           median ${median(direct).toFixed(0)} ms (${direct.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  the server alone, tsx's cache off (a new container's first start): median ${median(uncached).toFixed(0)} ms (${uncached.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  checking that the build is current (digest of the sources): ${checkMs.toFixed(0)} ms, ${current ? 'current' : 'NOT current'}`,
    );
    console.log(`  for comparison, one build (npm run build): ${(buildMs / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
