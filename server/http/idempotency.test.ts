import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../db/client';
import { createOrganizationCampaign, signUpUser } from '../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { KEY_INVALID, KEY_REUSED } from './idempotency';

let ctx: TestContext;
let db: Db;
let campaign: number;
let address = 0;

beforeAll(async () => {
  ctx = await startTestApp();
  db = ctx.database.db;
  campaign = await createOrganizationCampaign(db, 50);
});
afterAll(() => stopTestApp(ctx));

const nextAddress = () => {
  address += 1;
  return `10.88.${address >> 8}.${address & 255}`;
};

const body = (units = 1, email = `repeat.${randomBytes(3).toString('hex')}@example.org`) => ({
  donorEmail: email,
  donorFullName: 'Repeat Giver',
  cartItems: [{ campaignId: `org-${campaign}`, units }],
});

const checkout = (payload: object, key?: string, extra: { token?: string; remoteAddress?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress: extra.remoteAddress ?? nextAddress(),
    payload,
    headers: {
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      ...(extra.token ? { authorization: `Bearer ${extra.token}` } : {}),
    },
  });

const checkoutsBy = async (email: string) =>
  Number(
    (
      await selectRows<{ n: number }>(db, sql`select count(*)::int as n from donations where donor_email = ${email}`)
    )[0]!.n,
  );

describe('Idempotency-Key', () => {
  it('answers a repeat with the first reply, marked as replayed, and starts nothing twice', async () => {
    const key = randomUUID();
    const payload = body();
    const first = await checkout(payload, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await checkout(payload, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await checkoutsBy(payload.donorEmail)).toBe(1);

    // The payment recorded with a key is recorded once, and the repeat says the same.
    const { reference } = first.json() as { reference: string };
    const remoteAddress = nextAddress();
    await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/charge',
      remoteAddress,
      payload: { reference },
    });
    const fundKey = randomUUID();
    const fund = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/donations/fund',
        remoteAddress,
        payload: { transactionId: reference },
        headers: { 'idempotency-key': fundKey },
      });
    const paid = await fund();
    const repeat = await fund();
    expect(paid.json()).toMatchObject({ status: 'paid' });
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.body).toBe(paid.body);
  });

  it('refuses the same key with another request, and keeps the first', async () => {
    const key = randomUUID();
    const payload = body(1);
    expect((await checkout(payload, key)).statusCode).toBe(200);
    const other = await checkout({ ...payload, cartItems: [{ campaignId: `org-${campaign}`, units: 2 }] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: KEY_REUSED });
    expect(await checkoutsBy(payload.donorEmail)).toBe(1);
  });

  it('runs two repeats arriving at once only once', async () => {
    const key = randomUUID();
    const payload = body();
    const remoteAddress = nextAddress();
    const replies = await Promise.all([1, 2, 3].map(() => checkout(payload, key, { remoteAddress })));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(new Set(replies.map((r) => (r.json() as { reference: string }).reference)).size).toBe(1);
    expect(replies.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await checkoutsBy(payload.donorEmail)).toBe(1);
  });

  it("keeps each caller's keys apart", async () => {
    const key = randomUUID();
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const payload = body();
    const asGuest = await checkout(payload, key);
    const asDonor = await checkout(payload, key, { token: donor.token });
    expect(asGuest.statusCode).toBe(200);
    expect(asDonor.statusCode).toBe(200);
    expect(asDonor.headers['idempotent-replayed']).toBeUndefined();
    expect(asDonor.json().reference).not.toBe(asGuest.json().reference);
  });

  it('refuses a key that is empty, too long or not printable, before anything runs', async () => {
    for (const key of ['x'.repeat(201), 'has space', 'tab\there']) {
      const reply = await checkout(body(), key);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ message: KEY_INVALID });
    }
  });

  it('forgets a key after a day, and a first request that died with its instance after its lease', async () => {
    const payload = body();
    const key = randomUUID();
    expect((await checkout(payload, key)).statusCode).toBe(200);
    await db.execute(sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`);
    const later = await checkout(payload, key);
    expect(later.headers['idempotent-replayed']).toBeUndefined();

    const dead = randomUUID();
    const deadPayload = body();
    expect((await checkout(deadPayload, dead)).statusCode).toBe(200);
    await db.execute(
      sql`update idempotency_keys set status = 'running', reply_status = null, locked_until = now() - interval '1 second' where key = ${dead}`,
    );
    const retried = await checkout(deadPayload, dead);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('starts a monthly gift once however often its start is sent with one key', async () => {
    const key = randomUUID();
    const donorEmail = `monthly.repeat.${randomBytes(3).toString('hex')}@example.org`;
    const payload = { donorEmail, donorFullName: 'Repeat Monthly', amountKobo: 500_000, target: 'fund' };
    const remoteAddress = nextAddress();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/giving/monthly',
        remoteAddress,
        payload,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const [row] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from monthly_gifts where donor_email = ${donorEmail}`,
    );
    expect(Number(row!.n)).toBe(1);
  });
});
