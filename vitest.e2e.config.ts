import path from 'node:path';
import { defineConfig } from 'vitest/config';
import SlowestFilesReporter from './scripts/slowest-files';
import { JOURNEY_MS, POLL_INTERVAL_MS, SETUP_MS, WAIT_MS } from './e2e/waits';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'web'),
    },
  },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    reporters: ['default', new SlowestFilesReporter()],
    // Limits for a busy machine (e2e/waits.ts); long journeys set their own.
    testTimeout: JOURNEY_MS,
    hookTimeout: SETUP_MS,
    expect: { poll: { timeout: WAIT_MS, interval: POLL_INTERVAL_MS } },
    pool: 'forks',
    // One journey file at a time by default: beside the unit tests and the PostgreSQL run, two at once
    // finished no sooner on two cores, and a focus that returns a frame after a dialog closes was
    // then late past its wait. E2E_WORKERS=2 runs two where there are cores to spare.
    maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
    // Each worker keeps the modules it loaded from one journey file to the next, as the unit tests'
    // do (vitest.config.ts); every file still starts its own database and app, and each worker one browser.
    isolate: false,
  },
});
