import type { AddressInfo } from 'node:net';
import { loadConfig, paymentModeWarning } from './config';
import { openDatabase, redactUrl } from './db/client';
import { isConnectionFailure } from './db/connection-failure';
import { openReplicaReads } from './db/replica-reads';
import { publicBaseUrl } from './http/public-url';
import { GIVE_UP_MS, shutDown } from './shut-down';

const config = loadConfig();
// The job queue (pg-boss) records a batch's outcome without waiting for it: while the database is
// gone that promise fails where nobody hears it, and Node would end the process, taking the
// requests it could still answer (with 503, until the database is back) with it. Losing the
// database is logged; any other unheard failure still ends the process.
process.on('unhandledRejection', (reason) => {
  if (!isConnectionFailure(reason)) throw reason;
  console.error(`Database unreachable: ${reason instanceof Error ? reason.message : String(reason)}`);
});
// The database opens (PGlite compiles its engine off the main thread) while the app's modules load:
// start-up waits for the longer of the two, not both (decision 0059).
const opening = openDatabase(config).catch((error: unknown) => {
  // A refusal (another server holds DATA_DIR, PostgreSQL unreachable) is a sentence, not a stack.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
const [database, { buildApp }, { createJobQueue }, { seedIfEmpty }, { installSeedDocuments }, { unappliedMigrations }] =
  await Promise.all([
    opening,
    import('./app'),
    import('./jobs/queue'),
    import('./seed-demo'),
    import('./db/seed/documents'),
    import('./db/migration-state'),
  ]);
// A database already at the journal's last migration is left alone: asking costs two small queries,
// where the migrator reads and hashes every migration file before finding nothing to do.
if ((await unappliedMigrations(database.db)) > 0) await database.migrate();
if (config.seedDemo) {
  const seeded = await seedIfEmpty(database.db);
  if (seeded) console.log('Seeded demo data (see README for the demo accounts).');
}

// Its failures are logged through the app's logger (which redacts) once the app exists.
const jobs = createJobQueue(database);
// A replica that does not answer yet is no reason not to start: the public reads wait on the primary.
const replica = config.databaseReadUrl
  ? await openReplicaReads(database, config.databaseReadUrl, {
      maxLagSeconds: config.databaseReadMaxLagSeconds,
      onProbeError: (message) =>
        console.error(`The read replica does not answer (${message}); reading from the primary.`),
    })
  : undefined;
const app = await buildApp(config, { db: database.db, jobs, replica }, { background: 'after-listen' });
if (config.seedDemo) await installSeedDocuments(app.storage);
// Every kind of job's queue exists before a request can write a job (the workers start after listening).
await app.jobs.prepare();
if (!config.turnstile.secretKey) {
  app.log.warn(
    'Human check is OFF: TURNSTILE_SECRET_KEY is not set, so sign-in, sign-up and checkout accept requests without a CAPTCHA.',
  );
}
if (!config.publicUrl) {
  app.log.warn(
    `PUBLIC_URL is not set: links in emails point at ${publicBaseUrl(config)}, the address this server listens on. Set PUBLIC_URL to the site's public address.`,
  );
}
const sandbox = paymentModeWarning(config);
if (sandbox) app.log.warn(sandbox);
if (!config.smtpUrl)
  console.log(`Mail: written as .eml files under ${config.dataDir}/mail (set SMTP_URL to send real mail).`);

let stopping = false;
const stop = (signal: string, exitCode = 0) => {
  // A second signal while stopping changes nothing: the requests in flight still get their time.
  if (stopping) return;
  stopping = true;
  app.log.info(`shutting down (${signal})`);
  console.log(`Stopping (${signal}): no new connections; finishing the requests and jobs under way.`);
  setTimeout(() => {
    console.error(`Stopping took longer than ${GIVE_UP_MS / 1000} s; leaving anyway.`);
    process.exit(1);
  }, GIVE_UP_MS).unref();
  shutDown(app, database).then(
    () => {
      console.log('Stopped.');
      process.exit(exitCode);
    },
    (error: unknown) => {
      console.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
console.log(`Gift of Independence is running at http://${shownHost}:${port}`);
console.log(`Database: ${database.description}`);
if (config.databaseReadUrl)
  console.log(
    `Public reads: the replica at ${redactUrl(config.databaseReadUrl)} while it is within ${config.databaseReadMaxLagSeconds} s of the primary`,
  );
console.log(`Rate limits: counted in ${app.limits.description}`);
console.log(`Uploads: ${app.storage.description}`);
const voiceCallback = `${publicBaseUrl(config, app.server)}/api/voice/calls?key=${app.voice.callbackKey}`;
if (config.voice.phoneNumber)
  console.log(
    `Voice line: ${app.voice.line.description} on ${config.voice.phoneNumber}; its callback is /api/voice/calls?key=VOICE_CALLBACK_KEY`,
  );
else
  console.log(
    `Voice line: no VOICE_PHONE_NUMBER, so call it with curl (docs/decisions/0067; the demo recipient's voice PIN is in the README):\n  curl -d sessionId=try-1 -d isActive=1 -d callerNumber=%2B2348029876543 '${voiceCallback}'`,
  );
const metricsAt = app.metrics.address();
if (metricsAt) console.log(`Metrics: http://${metricsAt.address}:${metricsAt.port}/metrics`);
// Jobs, the search index and the drawing of pages start now that the port answers. Without its job
// queue an instance would take gifts whose receipts never go: that failure stops it, as it did before it listened.
app.startBackground().catch((error: unknown) => {
  app.log.error({ err: error }, 'starting the background work failed');
  console.error(error instanceof Error ? error.message : String(error));
  stop('a failed start', 1);
});
