import type { App } from './app';
import type { Database } from './db/client';

/** How long requests in flight may take to finish once the server is stopping; the rest are cut off. */
export const DRAIN_MS = 10_000;

/** If stopping hangs this long anyway, the process leaves with an error rather than never. */
export const GIVE_UP_MS = 30_000;

/**
 * Stops an instance without dropping work (decision 0052): it says it is not ready, stops taking
 * connections, lets the requests in flight finish (cutting off the rest after DRAIN_MS), lets its
 * running jobs finish or hands them back (the queue's graceful stop, app.ts's onClose), then closes
 * the database.
 */
export async function shutDown(app: App, database: Database): Promise<void> {
  app.lifecycle.beginStopping();
  const cutOff = setTimeout(() => {
    app.log.warn(`Requests still running ${DRAIN_MS / 1000} s after the stop began are cut off.`);
    app.server.closeAllConnections();
  }, DRAIN_MS);
  app.server.once('close', () => clearTimeout(cutOff));
  try {
    // Fastify stops listening, waits for the requests in flight, then runs the onClose hooks.
    await app.close();
  } finally {
    clearTimeout(cutOff);
  }
  await database.close();
}
