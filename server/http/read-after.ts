import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Reading one's own writes when public reads may come from a replica (decision 0083). Every answer
 * to a write carries `Written-At` (the server's clock, in epoch milliseconds); the web app sends the
 * newest it has been told back as `Read-After` on its reads for a minute, and a public read for such
 * a request sees the primary's data from at least that moment: never a copy made from older data,
 * never a replica that has not yet replayed it. No cookie is set for it (decision 0048).
 */
export const WRITTEN_AT = 'written-at';
export const READ_AFTER = 'read-after';

/** How long after a write its `Read-After` is honoured; the replica catches up long before. */
const HONOURED_MS = 60_000;
/** Instances' clocks may differ by this much and a fresh `Written-At` still counts. */
const CLOCK_SLACK_MS = 2_000;

/**
 * Where a public reply's data is read: on a replica when one is fit for it (server/db/replica-reads.ts),
 * which says up to when the answer is current. Without a replica, the primary, current as it starts.
 */
export type PublicReadRunner = <T>(
  after: number | undefined,
  read: () => Promise<T>,
) => Promise<{ value: T; asOf: number }>;

export const onThePrimary: PublicReadRunner = async (_after, read) => {
  const asOf = Date.now();
  return { value: await read(), asOf };
};

/** The request's `Read-After`, when it names a moment of the last minute; anything else is ignored. */
export function readAfter(request: FastifyRequest): number | undefined {
  const raw = request.headers[READ_AFTER];
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  const at = Number(raw);
  const now = Date.now();
  return at > now - HONOURED_MS && at <= now + CLOCK_SLACK_MS ? at : undefined;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Stamps every answered write with the moment it was answered, after its transaction committed. */
export function registerWrittenAt(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!READS.has(request.method) && reply.statusCode < 500) reply.header(WRITTEN_AT, String(Date.now()));
    return payload;
  });
}
