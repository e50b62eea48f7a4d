import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { JOB, type ProviderEventJob } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import type { PROVIDER_EVENT_SOURCES } from '@contract/money-desk';

/**
 * Keeps a provider's event as received and queues its processing (attention/provider-events.ts runs
 * it by its kind), in one transaction: once this answers, the event is neither lost nor processed
 * without being kept. The donation is linked when the reference names one. Wake `JOB.providerEvent` after it answers.
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
