/**
 * What an instance does at start that need not keep its port closed (decision 0059): loading the
 * drawing of pages, starting the job queue's workers and schedules, building the search index.
 * `main.ts` starts it once the server listens, so the readiness check answers as soon as the
 * database does; an app that is only injected into (the tests) starts it when it is ready, as one
 * step, so a test finds the workers running.
 */
export type Background = {
  /** A step, run after the ones added before it. One that throws stops the rest and fails `start`. */
  add(what: string, step: () => Promise<void>): void;
  /** Runs the steps once; a second call answers the first's outcome. */
  start(): Promise<void>;
};

export function createBackground(): Background {
  const steps: Array<{ what: string; step: () => Promise<void> }> = [];
  let started: Promise<void> | undefined;
  return {
    add(what, step) {
      if (started) throw new Error(`"${what}" was added after the background work started.`);
      steps.push({ what, step });
    },
    start() {
      started ??= (async () => {
        for (const { what, step } of steps) {
          try {
            await step();
          } catch (error) {
            throw new Error(`Starting ${what} failed: ${error instanceof Error ? error.message : String(error)}`, {
              cause: error,
            });
          }
        }
      })();
      return started;
    },
  };
}
