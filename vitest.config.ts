import path from 'node:path';
import { defineConfig } from 'vitest/config';
import SlowestFilesReporter from './scripts/slowest-files';

export default defineConfig({
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'web'),
    },
  },
  test: {
    include: [
      'contract/**/*.test.ts',
      'scripts/**/*.test.ts',
      'server/**/*.test.ts',
      'web/**/*.test.ts',
      'web/**/*.test.tsx',
    ],
    globalSetup: ['server/test/global-setup.ts'],
    reporters: ['default', new SlowestFilesReporter()],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Each worker keeps the modules it loaded from one test file to the next: loading the app for every
    // file cost more than most files' tests. Every file still opens its own database and app.
    isolate: false,
  },
});
