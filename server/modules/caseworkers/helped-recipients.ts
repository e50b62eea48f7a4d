import { sql } from 'drizzle-orm';
import type { HelpedRecipient } from '@contract/caseworkers';
import { selectRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';

export const RECIPIENT_NOT_FOUND = 'That person was not found among the people you helped.';

type HelpedRow = {
  id: number;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  email: string | null;
  applied_at: Date | string;
  consent_method: HelpedRecipient['consent_method'];
  consent_given_on: string;
  witness_name: string | null;
  profile_status: string | null;
  request_id: number | null;
  product_name: string | null;
  reason: string | null;
  status: string | null;
  delivery_status: string | null;
};

/**
 * The people a caseworker helped, newest first, each with their latest request and review: only
 * rows whose assisted application names this caseworker, so nobody else's recipient is ever read.
 */
async function helpedRows(db: Db, caseworkerId: number, recipientId?: number): Promise<HelpedRow[]> {
  return selectRows<HelpedRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.phone_number, u.email, a.created_at as applied_at,
          a.consent_method, a.consent_given_on::text as consent_given_on, a.witness_name,
          s.status as profile_status, c.id as request_id, p.name as product_name, c.reason, c.status, c.delivery_status
        from assisted_applications a
        join users u on u.id = a.recipient_id and u.deleted_at is null
        left join lateral (select status from onboarding_submissions where user_id = u.id order by version desc limit 1) s on true
        left join lateral (select * from recipient_campaigns where recipient_id = u.id order by created_at desc, id desc limit 1) c on true
        left join products p on p.id = c.product_id
        where a.caseworker_id = ${caseworkerId} ${recipientId === undefined ? sql`` : sql`and a.recipient_id = ${recipientId}`}
        order by a.created_at desc, u.id desc`,
  );
}

/** One reply shape for a helped person, wherever it is sent. */
function helpedReply(r: HelpedRow): HelpedRecipient {
  return {
    id: Number(r.id),
    name: `${r.first_name} ${r.last_name}`.trim(),
    phone: r.phone_number,
    email: r.email,
    applied_at: new Date(r.applied_at).toISOString(),
    consent_method: r.consent_method,
    consent_given_on: r.consent_given_on,
    witness_name: r.witness_name,
    profile_status: r.profile_status,
    request:
      r.request_id === null
        ? null
        : {
            id: Number(r.request_id),
            product_name: r.product_name ?? '',
            reason: r.reason ?? '',
            status: r.status ?? 'pending',
            delivery_status: r.delivery_status,
          },
  };
}

export async function helpedRecipients(db: Db, caseworkerId: number): Promise<HelpedRecipient[]> {
  return (await helpedRows(db, caseworkerId)).map(helpedReply);
}

/** One person the caseworker helped; anyone else's is "not found", never "forbidden", so nothing leaks. */
export async function helpedRecipient(db: Db, caseworkerId: number, recipientId: number): Promise<HelpedRecipient> {
  const [row] = await helpedRows(db, caseworkerId, recipientId);
  if (!row) throw notFound(RECIPIENT_NOT_FOUND);
  return helpedReply(row);
}
