/**
 * `npm start`: builds the web app only when its sources changed since the last build, then runs the
 * server in this same process (its signals, exit code and output are the server's own).
 */
import { buildIfStale } from './build';

try {
  await buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
await import('../server/main');
