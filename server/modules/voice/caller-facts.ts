import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import { listApprovedUpdates } from '../updates/queries';

/** A number as we keep it (+234...), from what the provider sends: +234..., 234... or 0... */
export function normalisedNumber(raw: string): string | null {
  const digits = raw.replace(/[\s()-]/g, '');
  const international = digits.startsWith('+')
    ? digits
    : digits.startsWith('234')
      ? `+${digits}`
      : /^0[0-9]{10}$/.test(digits)
        ? `+234${digits.slice(1)}`
        : digits;
  return /^\+234[0-9]{7,11}$/.test(international) ? international : null;
}

export type Caller = { id: number; role: string };

/**
 * The live account this number names. Accounts with an email may share a number (a family's phone,
 * docs/decisions/0045), so the account with no email that holds it comes first (at most one,
 * decision 0066), then a recipient's (the line serves recipients), then the oldest.
 */
export async function callerByNumber(db: Db, number: string): Promise<Caller | null> {
  const [row] = await selectRows<{ id: number; role: string }>(
    db,
    sql`select u.id, r.name as role from users u join roles r on r.id = u.role_id
         where u.phone_number = ${number} and u.deleted_at is null
         order by (u.email is null) desc, (r.name = 'recipient') desc, u.id limit 1`,
  );
  return row ? { id: Number(row.id), role: row.role } : null;
}

export type RequestFacts = {
  id: number;
  productName: string;
  status: string;
  priceKobo: number;
  raisedKobo: number;
  deliveryStatus: string | null;
};

/** The recipient's newest request, as the status page shows it first. */
export async function latestRequest(db: Db, userId: number): Promise<RequestFacts | null> {
  const [row] = await selectRows<{
    id: number;
    product_name: string;
    status: string;
    price_kobo: number;
    amount_raised_kobo: number;
    delivery_status: string | null;
  }>(
    db,
    sql`select c.id, p.name as product_name, c.status, c.price_kobo, c.amount_raised_kobo, c.delivery_status
          from recipient_campaigns c join products p on p.id = c.product_id
         where c.recipient_id = ${userId} order by c.created_at desc, c.id desc limit 1`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    productName: row.product_name,
    status: row.status,
    priceKobo: Number(row.price_kobo),
    raisedKobo: Number(row.amount_raised_kobo),
    deliveryStatus: row.delivery_status,
  };
}

/** The newest approved update on a recipient's campaign, as its public page lists them. */
export async function latestUpdate(db: Db, campaignId: number): Promise<{ body: string; at: Date } | null> {
  const { items } = await listApprovedUpdates(db, { kind: 'recipient', id: campaignId }, { limit: 1 });
  const update = items[0];
  return update ? { body: update.body, at: new Date(update.createdAt) } : null;
}
