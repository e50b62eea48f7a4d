import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { selectRows, type Db } from '../db/client';
import { AppError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an `Idempotency-Key` header: a repeat is answered with the first reply (decision 0082). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs, when it carried one, and the renewal of its lease. */
    idempotency?: { caller: string; key: string; renewal: NodeJS.Timeout };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/**
 * A first request whose lease has run out is taken to have died with its instance. A live one renews
 * it every few seconds, however long it runs; a dead one's repeat gets through within the web app's
 * retries (0.5 to 4 s apart, each waiting up to WAIT_MS here).
 */
export const LEASE_SECONDS = 15;
const RENEW_MS = 5_000;
/** How long a repeat waits for the first to finish before answering 409. */
const WAIT_MS = 8_000;
const POLL_MS = 100;

export const KEY_INVALID = 'The Idempotency-Key header must be 1 to 200 printable characters.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key for a new request.';
export const STILL_RUNNING =
  'The first request with this Idempotency-Key is still being processed. Please try again in a moment.';

const PRINTABLE = /^[\x21-\x7e]{1,200}$/;

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null]))
    .digest('hex');
}

type Row = {
  request_hash: string;
  status: 'running' | 'done';
  reply_status: number | null;
  reply_type: string | null;
  reply_body: string | null;
};

/** Claims the key for this request; answers the row already there when another holds or held it. */
async function claim(db: Db, caller: string, key: string, hash: string): Promise<Row | null> {
  const [taken] = await selectRows<{ caller: string }>(
    db,
    sql`insert into idempotency_keys (caller, key, request_hash, locked_until)
        values (${caller}, ${key}, ${hash}, now() + make_interval(secs => ${LEASE_SECONDS}))
        on conflict (caller, key) do update
           set request_hash = excluded.request_hash, locked_until = excluded.locked_until, status = 'running',
               reply_status = null, reply_type = null, reply_body = null, created_at = now()
         where (idempotency_keys.status = 'running' and idempotency_keys.locked_until < now()
                and idempotency_keys.request_hash = excluded.request_hash)
            or idempotency_keys.created_at < now() - interval '24 hours'
        returning caller`,
  );
  if (taken) return null;
  const [row] = await selectRows<Row>(
    db,
    sql`select request_hash, status, reply_status, reply_type, reply_body from idempotency_keys
         where caller = ${caller} and key = ${key}`,
  );
  // Gone between the two statements (a first request that failed and let go): claim it again.
  return row ?? claim(db, caller, key, hash);
}

/**
 * `Idempotency-Key` on the routes that create or move money or a promise (decision 0082): the first
 * request with a key runs and its reply (below 500) is kept a day, per caller; a repeat with the same
 * request gets that reply again with `Idempotent-Replayed: true`; with another request, 422. A repeat
 * arriving while the first runs waits for it a few seconds, then answers 409. A reply of 500 or more
 * is not kept, so the repeat runs again: a server error or an unreachable provider is what a retry
 * is for. Runs after authentication and validation, so the caller is known and bad input is refused
 * before any key is held.
 */
export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !PRINTABLE.test(key)) throw new AppError('bad_request', KEY_INVALID);
    const caller = request.user ? `user:${request.user.id}` : 'guest';
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const held = await claim(db, caller, key, hash);
      if (!held) {
        const renewal = setInterval(() => {
          db.execute(
            sql`update idempotency_keys set locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
                 where caller = ${caller} and key = ${key} and status = 'running'`,
          ).catch((error: unknown) => request.log.warn({ err: error }, 'renewing an idempotency lease failed'));
        }, RENEW_MS);
        renewal.unref();
        request.idempotency = { caller, key, renewal };
        return;
      }
      if (held.request_hash !== hash)
        throw new AppError('unprocessable', KEY_REUSED).withCode('idempotency_key_reused');
      if (held.status === 'done') {
        return reply
          .code(held.reply_status!)
          .header(REPLAYED_HEADER, 'true')
          .type(held.reply_type ?? 'application/json; charset=utf-8')
          .send(held.reply_body ?? '');
      }
      if (Date.now() > deadline)
        throw new AppError('conflict', STILL_RUNNING, undefined, { 'retry-after': '2' }).withCode(
          'idempotency_key_in_use',
        );
      await sleep(POLL_MS);
    }
  });

  // A request whose reply is never sent (its client gone) stops renewing all the same.
  app.addHook('onResponse', async (request) => {
    if (request.idempotency) clearInterval(request.idempotency.renewal);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    clearInterval(held.renewal);
    request.idempotency = undefined;
    if (reply.statusCode >= 500 || (payload !== null && typeof payload !== 'string')) {
      await db.execute(
        sql`delete from idempotency_keys where caller = ${held.caller} and key = ${held.key} and status = 'running'`,
      );
      return payload;
    }
    const type = reply.getHeader('content-type');
    await db.execute(
      sql`update idempotency_keys
             set status = 'done', reply_status = ${reply.statusCode}, reply_type = ${typeof type === 'string' ? type : null},
                 reply_body = ${payload ?? ''}
           where caller = ${held.caller} and key = ${held.key}`,
    );
    return payload;
  });
}

/** Keys older than a day: removed by the hourly clean-up. */
export async function removeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await selectRows<{ key: string }>(
    db,
    sql`delete from idempotency_keys where created_at < now() - interval '24 hours' returning key`,
  );
  return rows.length;
}
