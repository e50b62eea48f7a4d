import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/client';
import type { PaymentDeps } from '../giving/record-payment';
import { handlerFor, type StoredEvent } from './event-handlers';

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
