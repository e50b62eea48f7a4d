import { AppError } from '../../http/errors';
import type { Lifecycle } from '../../http/lifecycle';
import type { Db } from '../../db/client';
import { unappliedMigrations } from '../../db/migration-state';

/** A readiness check that has not heard from the database by then counts it as not answering. */
const DATABASE_WAIT_MS = 3000;

export const SHUTTING_DOWN = 'This server is shutting down and takes no new work; another one will answer.';
export const DATABASE_SILENT = 'The database is not answering, so this server cannot take requests yet.';
export const migrationsPending = (n: number) =>
  `The database is missing ${n} of this version's ${n === 1 ? 'migration' : 'migrations'}; a server of this version applies them at start-up.`;

const unavailable = (message: string, code: string) => new AppError('unavailable', message).withCode(code);

/**
 * Whether this instance should be sent traffic: not stopping, the database answering, and every
 * migration this version ships applied. Throws a 503 saying which is not so.
 */
export async function checkReadiness(deps: { db: Db; lifecycle: Lifecycle }): Promise<void> {
  if (deps.lifecycle.stopping) throw unavailable(SHUTTING_DOWN, 'shutting_down');
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), DATABASE_WAIT_MS);
  });
  let missing: number;
  try {
    missing = await Promise.race([unappliedMigrations(deps.db), silent]);
  } catch {
    throw unavailable(DATABASE_SILENT, 'database_unavailable');
  } finally {
    clearTimeout(timer);
  }
  if (missing > 0) throw unavailable(migrationsPending(missing), 'migrations_pending');
  if (deps.lifecycle.stopping) throw unavailable(SHUTTING_DOWN, 'shutting_down');
}
