import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig, paymentModeWarning } from './config';
import { publicBaseUrl } from './http/public-url';
import { openDatabase } from './db/client';
import { seedIfEmpty } from './seed-demo';
import { installSeedDocuments } from './db/seed/documents';
import { createJobQueue } from './jobs/queue';

const config = loadConfig();
const database = await openDatabase(config).catch((error: unknown) => {
  // A refusal (another server holds DATA_DIR, PostgreSQL unreachable) is a sentence, not a stack.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
await database.migrate();
if (config.seedDemo) {
  const seeded = await seedIfEmpty(database.db);
  if (seeded) console.log('Seeded demo data (see README for the demo accounts).');
}

// Its failures are logged through the app's logger (which redacts) once the app exists.
const jobs = createJobQueue(database);
const app = await buildApp(config, { db: database.db, jobs });
if (config.seedDemo) await installSeedDocuments(app.storage);
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

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const { port } = app.server.address() as AddressInfo;
const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
console.log(`Gift of Independence is running at http://${shownHost}:${port}`);
console.log(`Database: ${database.description}`);
console.log(`Rate limits: counted in ${app.limits.description}`);
console.log(`Uploads: ${app.storage.description}`);
