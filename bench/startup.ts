/**
 * Start-up figures: how long `npm start` takes to answer its first 200 on /api/health/ready on an
 * embedded database that already exists (migrated, seeded) with the build current, how much of it is
 * the compiled server itself, and how long a build takes, which is what a start costs after the
 * sources changed. Prints; asserts nothing. Target: `npm start` within 1.5 s (decision 0059).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startApp } from '../scripts/app-process';
import { build } from '../scripts/build';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';

const STARTS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((ms) => ms.toFixed(0)).join(', ');

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
    const first = await startApp({ entry: 'scripts/start.mjs', port: await freePort(), env, label: 'the first start' });
    await first.stop();
    const viaStart: number[] = [];
    const direct: number[] = [];
    const throughLoader: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      for (const [entry, times] of [
        ['scripts/start.mjs', viaStart],
        ['dist/server/main.js', direct],
        // `npm run dev`'s way: the TypeScript sources through tsx.
        ['server/main.ts', throughLoader],
      ] as const) {
        const app = await startApp({ entry, port: await freePort(), env });
        times.push(app.readyMs);
        await app.stop();
      }
    }
    console.log(`\nStart-up on an existing embedded database (PGlite), build current: ${STARTS} starts each`);
    console.log(
      `  npm start (node scripts/start.mjs: checks the build, runs dist/server): median ${median(viaStart).toFixed(0)} ms to the first 200 from /api/health/ready (${list(viaStart)}); target at most 1500 ms`,
    );
    console.log(
      `  the compiled server alone (node dist/server/main.js):     median ${median(direct).toFixed(0)} ms (${list(direct)})`,
    );
    console.log(
      `  the sources through tsx (npm run dev's loader):           median ${median(throughLoader).toFixed(0)} ms (${list(throughLoader)})`,
    );
    console.log(
      `  checking that the build is current (digest of the sources): ${checkMs.toFixed(0)} ms, ${current ? 'current' : 'NOT current'}`,
    );
    console.log(`  for comparison, one build (npm run build): ${(buildMs / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
