import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One test file's time: loading it (imports, set-up) and running its tests and hooks. */
export type FileTime = { file: string; ms: number };

export function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic();
  const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  return { file: module.relativeModuleId, ms };
}

/** The `count` slowest files, slowest first, as lines to print. */
export function slowestFiles(times: readonly FileTime[], count = 10): string[] {
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, count);
  if (slowest.length === 0) return [];
  const width = Math.max(...slowest.map((t) => (t.ms / 1000).toFixed(1).length));
  return [
    `Slowest test files (${slowest.length} of ${times.length}):`,
    ...slowest.map((t) => `  ${(t.ms / 1000).toFixed(1).padStart(width)} s  ${t.file}`),
  ];
}

/**
 * Prints the ten slowest test files after the default reporter's summary, so each run says where
 * its time went and which files to split or speed up next.
 */
export default class SlowestFilesReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: readonly TestModule[]) {
    const lines = slowestFiles(modules.map(fileTime));
    if (lines.length > 0) this.vitest?.logger.log(['', ...lines].join('\n'));
  }
}
