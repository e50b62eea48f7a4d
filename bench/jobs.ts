/**
 * Job queue figures: mail jobs per second through a loopback SMTP server, and (with the giving
 * scenario) the delay from a gift's commit to its receipt's arrival. Prints figures; asserts nothing.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../server/db/client';
import { createJobQueue, migrateJobs } from '../server/jobs/queue';
import { createSmtpMailer, type MailMessage } from '../server/providers/mail/mail';
import { startSmtpCatcher } from '../server/test/smtp';
import { scratchDatabase } from './scratch';

const MAILS = 2000;

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

export async function runQueueBench() {
  const { database, cleanup } = await scratchDatabase('_jobs');
  const smtp = await startSmtpCatcher();
  try {
    await database.migrate();
    await migrateJobs(database);
    const mailer = createSmtpMailer(smtp.url, 'Gift of Independence <no-reply@example.org>');
    const jobs = createJobQueue(database, { log: () => undefined });
    jobs.handle<{ message: MailMessage }>('mail', { retryLimit: 3, retryDelaySeconds: 5, backoff: true }, (job) =>
      mailer.send(job.data.message),
    );
    await jobs.start();
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < MAILS; i++) {
        await jobs.enqueue(tx as unknown as typeof database.db, 'mail', {
          message: {
            to: `bench${i}@example.org`,
            subject: `Receipt ${i}`,
            text: `Receipt ${i}`,
            html: `<p>Receipt ${i}</p>`,
          },
        });
      }
    });
    const enqueued = performance.now();
    jobs.wake('mail');
    while (smtp.messages.length < MAILS && performance.now() - started < 300_000)
      await new Promise((r) => setTimeout(r, 20));
    const seconds = (performance.now() - enqueued) / 1000;
    await jobs.stop();
    mailer.close?.();
    console.log(
      `\nJob queue on ${database.kind}: ${MAILS} mail jobs written in one transaction in ${((enqueued - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  sent to a loopback SMTP server: ${smtp.messages.length} in ${seconds.toFixed(1)} s = ${(smtp.messages.length / seconds).toFixed(0)} mail jobs per second`,
    );
  } finally {
    await smtp.close();
    await database.close();
    await cleanup();
  }
}

/** Waits for the receipt of every gift paid since `since`, then answers how long each took from the gift's commit. */
export async function receiptDelays(
  database: Database,
  smtp: Awaited<ReturnType<typeof startSmtpCatcher>>,
  since: Date,
) {
  const gifts = await selectRows<{ reference: string; paid_ms: number }>(
    database.db,
    sql`select reference, extract(epoch from paid_at) * 1000 as paid_ms from donations
         where status = 'paid' and paid_at >= ${since.toISOString()}::timestamptz`,
  );
  const deadline = Date.now() + 120_000;
  const arrived = () => new Map(smtp.messages.map((m) => [/\((GOI-[A-Z0-9-]+)\)/.exec(m.subject)?.[1], m.receivedAt]));
  let seen = arrived();
  while (gifts.some((g) => !seen.has(g.reference)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    seen = arrived();
  }
  const delays = gifts
    .filter((g) => seen.has(g.reference))
    .map((g) => seen.get(g.reference)! - Number(g.paid_ms))
    .sort((a, b) => a - b);
  return { gifts: gifts.length, received: delays.length, median: percentile(delays, 50), p99: percentile(delays, 99) };
}

if (import.meta.url === `file://${process.argv[1]}`) await runQueueBench();
