import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { JOB, type ProviderEventJob } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PROVIDER_EVENT_SOURCES } from '@contract/money-desk';
import type { PaymentDeps } from '../giving/record-payment';
import { handlerFor, type StoredEvent } from './event-handlers';

/**
 * Keeps a provider's event as received and queues its processing, in one transaction: once this
 * answers, the event is neither lost nor processed without being kept. The donation is linked when
 * the reference names one. Wake `JOB.providerEvent` after it answers.
 */
export async function storeProviderEvent(
  deps: { db: Db; jobs: JobQueue },
  input: {
    source: (typeof PROVIDER_EVENT_SOURCES)[number];
    event: string;
    reference: string | null;
    payload: Record<string, unknown>;
  },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [row] = await selectRows<{ id: number }>(
      tx as unknown as Db,
      sql`insert into provider_events (reference, donation_id, source, event, payload)
          values (${input.reference ?? ''}, (select id from donations where reference = ${input.reference ?? ''}),
                  ${input.source}, ${input.event}, ${JSON.stringify(input.payload)}::jsonb)
          returning id`,
    );
    const eventId = Number(row!.id);
    await deps.jobs.enqueue(tx as unknown as Db, JOB.providerEvent, { eventId } satisfies ProviderEventJob);
    return eventId;
  });
}

/**
 * Processes one kept event by its kind (see event-handlers.ts); an event of a kind nobody handles
 * stays kept and is otherwise ignored. Throws to be retried (the provider or the database down).
 */
export async function processProviderEvent(deps: PaymentDeps, eventId: number): Promise<void> {
  const [row] = await selectRows<{
    id: number;
    event: string;
    reference: string;
    donation_id: number | null;
    payload: Record<string, unknown>;
  }>(deps.db, sql`select id, event, reference, donation_id, payload from provider_events where id = ${eventId}`);
  if (!row) return;
  const handler = handlerFor(row.event);
  if (!handler) return;
  const event: StoredEvent = {
    id: Number(row.id),
    event: row.event,
    reference: row.reference,
    donationId: row.donation_id === null ? null : Number(row.donation_id),
    payload: row.payload,
  };
  await handler(deps, event);
}
