import { sql } from 'drizzle-orm';
import { HELP_LINE } from '@contract/sms';
import { CURSOR_INVALID_MESSAGE } from '@contract/pagination';
import { CALLBACK_ALREADY_DONE, CALLBACK_NOT_FOUND, type CallbackRequest, type CallbacksReply } from '@contract/voice';
import type { AppDeps } from '../../deps';
import { selectRows, type Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { enqueueSms, JOB } from '../../jobs/names';
import { audit } from '../audit/audit';

type Row = {
  id: number;
  phone_number: string;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  role: string | null;
  requested_at: string | Date;
  last_key: string | null;
  done_at: string | Date | null;
  done_by_name: string | null;
  note: string | null;
  open_rank: number;
};

const selectCallbacks = (where: ReturnType<typeof sql>) => sql`
  select c.id, c.phone_number, c.user_id, u.first_name, u.last_name, r.name as role, c.requested_at, c.last_key,
         c.done_at, trim(d.first_name || ' ' || d.last_name) as done_by_name, c.note,
         (case when c.done_at is null then 0 else 1 end)::int as open_rank
    from callback_requests c
    left join users u on u.id = c.user_id and u.deleted_at is null
    left join roles r on r.id = u.role_id
    left join users d on d.id = c.done_by
   where ${where}`;

const toReply = (r: Row): CallbackRequest => ({
  id: Number(r.id),
  phoneNumber: r.phone_number,
  person:
    r.user_id !== null && r.first_name !== null
      ? { id: Number(r.user_id), name: `${r.first_name} ${r.last_name ?? ''}`.trim(), role: r.role ?? '' }
      : null,
  requestedAt: new Date(r.requested_at).toISOString(),
  lastKey: r.last_key,
  doneAt: r.done_at ? new Date(r.done_at).toISOString() : null,
  doneBy: r.done_at ? (r.done_by_name ?? null) : null,
  note: r.note,
});

/** A caller on the voice line pressed 0: the request joins the admins' queue. */
export async function requestCallback(
  db: Db,
  call: { phoneNumber: string; userId: number | null; sessionId: string; lastKey: string | null },
): Promise<void> {
  await db.execute(
    sql`insert into callback_requests (phone_number, user_id, session_id, last_key)
        values (${call.phoneNumber}, ${call.userId}, ${call.sessionId}, ${call.lastKey})`,
  );
}

// The order is (open first, then) oldest open first, newest done first: one sort key per row, so
// the cursor is simply the position after the last row of the page.
const ORDER = sql`open_rank, case when open_rank = 0 then extract(epoch from requested_at) else -extract(epoch from done_at) end, id`;

/** GET /api/admin/callbacks: open call backs first (oldest first), then the done ones (newest first). */
export async function listCallbacks(db: Db, query: { limit: number; cursor?: string }): Promise<CallbacksReply> {
  let offset = 0;
  if (query.cursor !== undefined) {
    if (!/^[0-9]{1,9}$/.test(query.cursor)) throw new AppError('bad_request', CURSOR_INVALID_MESSAGE);
    offset = Number(query.cursor);
  }
  const [count] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from callback_requests`);
  const rows = await selectRows<Row>(
    db,
    sql`select * from (${selectCallbacks(sql`true`)}) q order by ${ORDER} limit ${query.limit + 1} offset ${offset}`,
  );
  const more = rows.length > query.limit;
  const items = (more ? rows.slice(0, query.limit) : rows).map(toReply);
  return { items, total: Number(count?.n ?? 0), nextCursor: more ? String(offset + query.limit) : null };
}

/** The text telling the caller their call back is done (GSM-7, one segment's worth of plain words). */
export const callbackDoneSms = (to: string) => ({
  to,
  text: `Gift of Independence: we have dealt with the call back you asked for on our voice line. If you still need help, call ${HELP_LINE}.`,
});

/**
 * POST /api/admin/callbacks/{id}/done: the admin called the person back. Marked done with the note,
 * audited, and the person's SMS queued, all in one transaction.
 */
export async function markCallbackDone(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  admin: { id: number },
  id: number,
  note: string,
): Promise<{ message: string; callback: CallbackRequest }> {
  const callback = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await selectRows<{ phone_number: string; done_at: string | null }>(
      tx,
      sql`select phone_number, done_at from callback_requests where id = ${id} for update`,
    );
    if (!row) throw notFound(CALLBACK_NOT_FOUND);
    if (row.done_at) throw new AppError('conflict', CALLBACK_ALREADY_DONE).withCode('already_done');
    await tx.execute(
      sql`update callback_requests set done_at = now(), done_by = ${admin.id}, note = ${note} where id = ${id}`,
    );
    await audit(tx, {
      adminId: admin.id,
      action: 'callback.done',
      entity: 'callback_request',
      entityId: id,
      details: { note },
    });
    // A number the line could not read as Nigerian gets no SMS; the admin's note is the record.
    if (/^\+234[0-9]{7,11}$/.test(row.phone_number)) await enqueueSms(deps.jobs, tx, callbackDoneSms(row.phone_number));
    const [done] = await selectRows<Row>(tx, selectCallbacks(sql`c.id = ${id}`));
    return toReply(done!);
  });
  deps.jobs.wake(JOB.sms);
  return { message: `Call back to ${callback.phoneNumber} marked done.`, callback };
}
