import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../server/db/client';
import { createOrganizationCampaign, createUser } from '../server/test/fixtures';

const DONORS = 100;

/**
 * Adds an approved organization campaign with `quantity` units, `pastGifts` of them already given
 * (one paid donation of one unit each, as the giving path records them), and returns its id.
 */
export async function createBenchCampaign(database: Database, quantity: number, pastGifts = 0): Promise<number> {
  const id = await createOrganizationCampaign(database.db, quantity);
  if (pastGifts > 0) {
    await database.db.execute(sql`
      with c as (select unit_price_kobo as price from organization_campaigns where id = ${id}),
           d as (insert into donations (reference, donor_email, donor_full_name, total_kobo, status, paid_at)
                 select 'PAST-' || ${id} || '-' || g, 'past' || g || '@example.org', 'Past Donor', c.price, 'paid', now() - interval '1 day'
                   from generate_series(1, ${pastGifts}) g, c
                 returning id, total_kobo),
           i as (insert into donation_items (donation_id, organization_campaign_id, units, amount_kobo, status)
                 select d.id, ${id}, 1, d.total_kobo, 'allocated' from d)
      update organization_campaigns set units_fulfilled = ${pastGifts}, amount_raised_kobo = unit_price_kobo * ${pastGifts},
             status = 'partially_fulfilled'
       where id = ${id}`);
    await database.db.execute(sql`analyze donations, donation_items`);
  }
  return id;
}

/**
 * The rest of the site's history: `campaigns` closed (fulfilled) organization campaigns of one
 * organization, each with `giftsEach` recorded gifts, so the rush campaign is one of many and the
 * database's statistics look like a site's rather than a single campaign's.
 */
export async function addSiteHistory(database: Database, campaigns: number, giftsEach: number): Promise<void> {
  const owner = await createUser(database.db, 'organization');
  await database.db.execute(sql`
    with c as (insert into organization_campaigns (organization_id, organization_product_id, quantity, unit_price_kobo, total_price_kobo,
                                                   units_fulfilled, amount_raised_kobo, reason, status)
               select ${owner}, p.id, ${giftsEach}, p.price_kobo, p.price_kobo * ${giftsEach}, ${giftsEach}, p.price_kobo * ${giftsEach},
                      'Units for the new resource room this term.', 'fulfilled'
                 from organization_products p, generate_series(1, ${campaigns})
                where p.name = 'Braille Slate and Stylus Set'
               returning id, unit_price_kobo as price),
         g as (select c.id as campaign, c.price, n from c, generate_series(1, ${giftsEach}) n),
         d as (insert into donations (reference, donor_email, donor_full_name, total_kobo, status, paid_at)
               select 'SITE-' || g.campaign || '-' || g.n, 'site' || g.campaign || '.' || g.n || '@example.org', 'Past Donor', g.price, 'paid', now() - interval '2 days'
                 from g
               returning id, reference, total_kobo)
    insert into donation_items (donation_id, organization_campaign_id, units, amount_kobo, status)
    select d.id, split_part(d.reference, '-', 2)::int, 1, d.total_kobo, 'allocated' from d`);
  await database.db.execute(sql`analyze`);
}

/** The web app's waits before sending an act again (ACT_RETRY_MS in web/lib/api.ts). */
const ACT_RETRY_MS = [500, 1_000, 2_000, 4_000];

type Reply = { status: number; body: Record<string, unknown>; replayed: boolean };

/** What a reply or a failed request says, for counting: the status, or the network error's code. */
const kindOf = (error: unknown) =>
  (error as { code?: string }).code ?? (error instanceof Error ? error.message : 'failed');

/**
 * What the web app's apiAct sends again with the same key and body: no answer, a proxy's 502, 503
 * or 504, or a 409 saying the first request with this key is still running.
 */
function worthResending(outcome: Reply | Error): boolean {
  if (outcome instanceof Error)
    return (
      (outcome as { status?: number }).status === undefined ||
      [502, 503, 504].includes((outcome as { status?: number }).status!)
    );
  return (
    [502, 503, 504].includes(outcome.status) ||
    (outcome.status === 409 && outcome.body.code === 'idempotency_key_in_use')
  );
}

export type GivingOptions = {
  /**
   * Donors whose client behaves like the web app (web/lib/api.ts): each act (checkout, fund) carries
   * a fresh `Idempotency-Key` and is sent again with the same key and body after no answer, a 502,
   * 503 or 504, or a 409 `idempotency_key_in_use`, after 0.5, 1, 2 and 4 s; the sandbox's charge (the
   * provider's page, repeatable by its reference) is sent again on the same failures. Only what is
   * left after that reaches `onError`. Off by default: each request is sent once, without a key.
   */
  retrying?: boolean;
};

/**
 * 100 donors at once, each looping checkout -> test payment -> fulfilment for one unit until the time
 * is up: donor i gives to campaign i mod the number of campaigns (one campaign: a rush on one row
 * lock; one per donor: no donor ever waits on another's lock). Requests go over HTTP to the server
 * processes on loopback; with several, donor i uses server i mod n for all three steps. Each act is
 * made for its own donor email (bench<i>.<n>.<run>@example.org), so what one act paid can be counted.
 */
export async function runGivingScenario(
  baseUrls: readonly string[],
  campaignIds: readonly number[],
  seconds: number,
  /** Told of each error: the step and the status it answered, or the network error's code. */
  onError?: (step: 'checkout' | 'charge' | 'fund' | 'request', what: string) => void,
  options: GivingOptions = {},
) {
  const deadline = Date.now() + seconds * 1000;
  let checkouts = 0;
  let refused = 0;
  let fulfilments = 0;
  let errors = 0;
  let retries = 0;
  let replays = 0;
  let resentActs = 0;
  /** Why requests were sent again: "<step> <status or network error>". */
  const retriedFor = new Map<string, number>();
  /** With resends, each error a donor saw: when its act began and ended (ms since the start), and its tries. */
  const seen: Array<{ step: string; what: string; startedMs: number; endedMs: number; tries: number }> = [];
  const began = Date.now();
  // Each run's emails its own, so two runs on one database never share an act's email.
  const run = randomUUID().slice(0, 8);
  /** The act being sent for each donor: its start and tries so far, for `seen`. */
  const current: Array<{ startedMs: number; tries: number }> = [];
  // Plain node:http over kept-alive connections: it costs this process (which shares the machine's
  // CPUs with the server and the database) about half what fetch does per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: DONORS });
  const post = (baseUrl: string, path: string, body: unknown, ip: string, key?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        `${baseUrl}${path}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': ip,
            ...(key ? { 'idempotency-key': key } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
                replayed: res.headers['idempotent-replayed'] === 'true',
              });
            } catch {
              // Not JSON: a proxy's error page (502 while an instance is down), named by its status.
              reject(
                Object.assign(new Error(`HTTP ${res.statusCode} without JSON`), {
                  code: `HTTP ${res.statusCode}`,
                  status: res.statusCode,
                }),
              );
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  /**
   * One act as the web app sends it: with `keyed`, a fresh key kept for every resend. Resolves with
   * the last reply; rejects with the last failure once the resends are used up.
   */
  const act = async (
    donor: number,
    step: 'checkout' | 'charge' | 'fund',
    baseUrl: string,
    path: string,
    body: unknown,
    ip: string,
    keyed: boolean,
  ) => {
    if (!options.retrying) return post(baseUrl, path, body, ip);
    const key = keyed ? randomUUID() : undefined;
    let resent = false;
    const now = { startedMs: Date.now() - began, tries: 0 };
    current[donor] = now;
    for (let attempt = 0; ; attempt += 1) {
      now.tries += 1;
      let outcome: Reply | Error;
      try {
        outcome = await post(baseUrl, path, body, ip, key);
      } catch (error) {
        outcome = error instanceof Error ? error : new Error(String(error));
      }
      if (!(outcome instanceof Error) && outcome.replayed) replays += 1;
      const wait = ACT_RETRY_MS[attempt];
      if (wait === undefined || !worthResending(outcome)) {
        if (outcome instanceof Error) throw outcome;
        return outcome;
      }
      const why = `${step} ${outcome instanceof Error ? kindOf(outcome) : `${outcome.status}${outcome.body.code ? ` ${String(outcome.body.code)}` : ''}`}`;
      retriedFor.set(why, (retriedFor.get(why) ?? 0) + 1);
      retries += 1;
      if (!resent) resentActs += 1;
      resent = true;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all(
    Array.from({ length: DONORS }, async (_, i) => {
      const baseUrl = baseUrls[i % baseUrls.length]!;
      const campaignId = campaignIds[i % campaignIds.length]!;
      let n = 0;
      while (Date.now() < deadline) {
        // Each attempt from its own address and email, so the per-address and per-email checkout
        // limits (there against card testing) do not throttle the benchmark's many donors.
        n += 1;
        const ip = `10.${(i % 200) + 1}.${(n >> 8) & 255}.${n & 255}`;
        let step: 'checkout' | 'charge' | 'fund' = 'checkout';
        const failed = (at: 'checkout' | 'charge' | 'fund' | 'request', reply: Reply | string) => {
          errors += 1;
          // With resends, the error's code too (a 409 whose first request still held the key, say).
          const what =
            typeof reply === 'string'
              ? reply
              : `${reply.status}${options.retrying && reply.body.code ? ` ${String(reply.body.code)}` : ''}`;
          onError?.(at, what);
          if (options.retrying) seen.push({ step: at, what, ...current[i]!, endedMs: Date.now() - began });
        };
        try {
          const c = await act(
            i,
            'checkout',
            baseUrl,
            '/api/donations/checkout',
            {
              donorEmail: `bench${i}.${n}.${run}@example.org`,
              donorFullName: `Bench Donor ${i}`,
              cartItems: [{ campaignId: `org-${campaignId}`, units: 1 }],
            },
            ip,
            true,
          );
          if (c.status === 409 && !(options.retrying && c.body.code === 'idempotency_key_in_use')) {
            refused += 1;
            continue;
          }
          if (c.status !== 200) {
            failed('checkout', c);
            continue;
          }
          checkouts += 1;
          const reference = c.body.reference as string;
          step = 'charge';
          const paid = await act(i, 'charge', baseUrl, '/api/payments/sandbox/charge', { reference }, ip, false);
          if (options.retrying && paid.status !== 200) {
            failed('charge', paid);
            continue;
          }
          step = 'fund';
          const f = await act(i, 'fund', baseUrl, '/api/donations/fund', { transactionId: reference }, ip, true);
          if (f.status === 200) fulfilments += 1;
          else failed('fund', f);
        } catch (error) {
          // With resends, the step whose last try failed; without, as before.
          failed(options.retrying ? step : 'request', kindOf(error));
        }
      }
    }),
  );
  agent.destroy();
  return {
    checkouts,
    fulfilments,
    refused,
    errors,
    retries,
    replays,
    resentActs,
    retriedFor,
    seen,
    seconds,
    donors: DONORS,
    servers: baseUrls.length,
  };
}

/** Over the given campaigns: units sold, units sold beyond a campaign's quantity, and whether each campaign's total matches its paid items. */
export async function oversold(database: Database, campaignIds: readonly number[]) {
  const rows = await selectRows<{
    quantity: number;
    fulfilled: number;
    allocated: number;
    raised: number;
    paid: number;
  }>(
    database.db,
    sql`select c.quantity, c.units_fulfilled as fulfilled, c.amount_raised_kobo as raised,
               (select coalesce(sum(i.units), 0) from donation_items i where i.organization_campaign_id = c.id and i.status = 'allocated')::int as allocated,
               (select coalesce(sum(i.amount_kobo), 0) from donation_items i join donations d on d.id = i.donation_id
                 where i.organization_campaign_id = c.id and i.status = 'allocated' and d.status = 'paid')::bigint as paid
          from organization_campaigns c where c.id = any(${sql.param([...campaignIds])}::int[])`,
  );
  return {
    quantity: rows.reduce((sum, r) => sum + Number(r.quantity), 0),
    sold: rows.reduce((sum, r) => sum + Number(r.allocated), 0),
    oversold: rows.reduce((sum, r) => sum + Math.max(0, Number(r.allocated) - Number(r.quantity)), 0),
    raisedMatchesPaid: rows.every((r) => Number(r.raised) === Number(r.paid)),
  };
}
