import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../../db/client';
import { JOB, enqueueWhatsApp, type WhatsAppJob } from '../../jobs/names';
import { createCloudApiWhatsApp } from '../../providers/whatsapp/cloud-api';
import { jobsDone, smsInboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startWhatsAppStandIn, whatsAppStatusDelivery } from '../../test/stand-ins';
import { fallbackSmsId, sendWhatsApp } from './send-whatsapp';

const token = 'EAAtest-webhook-token';
const phoneNumberId = '106540352242922';
const verifyToken = 'a-verify-token-of-our-own';
const appSecret = 'the-app-secret-meta-signs-with';

let meta: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  meta = await startWhatsAppStandIn(token, phoneNumberId, appSecret);
  const whatsapp = { token, phoneNumberId, apiBase: meta.apiBase, version: 'v23.0' };
  ctx = await startTestApp(
    { whatsapp: { ...whatsapp, webhook: { verifyToken, appSecret } }, host: '127.0.0.1' },
    { whatsapp: createCloudApiWhatsApp(whatsapp) },
  );
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await stopTestApp(ctx);
  await meta?.close();
});

let phones = 0;
const nextPhone = () => {
  phones += 1;
  return `+23482${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(5, '0')}`;
};
const webhook = () => `${base}/api/whatsapp/webhook`;
const db = () => ctx.database.db;
const smsQueued = (phone: string) =>
  selectRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from pgboss.job where name = ${JOB.sms} and data->'message'->>'to' = ${phone}`,
  ).then((r) => Number(r[0]!.n));
const settled = async () => {
  for (const name of [JOB.whatsapp, JOB.sms]) await jobsDone(ctx.database, name, 30_000);
};

/** Sends `text` to a fresh number through the WhatsApp job, and answers the id the API gave it. */
async function sentByWhatsApp(text: string) {
  const phone = nextPhone();
  await enqueueWhatsApp(ctx.app.jobs, db(), { to: phone, text });
  ctx.app.jobs.wake(JOB.whatsapp);
  await settled();
  const taken = meta.sent.filter((s) => s.to === phone.slice(1));
  expect(taken).toHaveLength(1);
  return { phone, text, wamid: taken[0]!.id };
}
const failed = (m: { phone: string; wamid: string }) => ({
  id: m.wamid,
  status: 'failed' as const,
  recipientId: m.phone.slice(1),
});

describe("Meta's subscription handshake", () => {
  const handshake = (query: string) => fetch(`${webhook()}?${query}`);

  it('echoes the challenge as text for our verify token', async () => {
    const res = await handshake(`hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('answers 404 to a wrong token, another mode, or no handshake at all', async () => {
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=not-ours&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.verify_token=${verifyToken}x&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.challenge=1158201444`,
      `hub.mode=unsubscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
      `hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=%3Cscript%3E`,
      `hub.mode=subscribe&hub.verify_token=${verifyToken}`,
      '',
    ]) {
      const res = await handshake(query);
      expect(res.status, query).toBe(404);
      expect((await res.json()).message).toBe('There is no WhatsApp webhook here.');
    }
  });
});

describe('a failed delivery status', () => {
  it('sends the same text by SMS, once, however often Meta delivers it', { timeout: 60_000 }, async () => {
    const m = await sentByWhatsApp('Gift of Independence: your cane is ready. Call 0201 234 5678.');
    expect(smsInboxOf(ctx.app).to(m.phone)).toEqual([]);
    for (let i = 0; i < 2; i += 1) {
      const res = await meta.postStatuses(webhook(), [failed(m)]);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ received: true });
    }
    await settled();
    expect(smsInboxOf(ctx.app).to(m.phone)).toEqual([m.text]);
    expect(await smsQueued(m.phone)).toBe(1);
  });

  it('sends one SMS when the job has already sent its own for the same message', { timeout: 60_000 }, async () => {
    const m = await sentByWhatsApp('Gift of Independence: one SMS between them.');
    const [job] = await selectRows<{ id: string }>(
      db(),
      sql`select id::text as id from pgboss.job where name = ${JOB.whatsapp} and data->'message'->>'to' = ${m.phone}`,
    );
    // The job's last try runs again (a crash before it was settled), WhatsApp refuses it this time,
    // and the job sends the text by SMS itself.
    meta.refuseNext(1);
    await sendWhatsApp(
      {
        db: db(),
        jobs: ctx.app.jobs,
        whatsapp: createCloudApiWhatsApp({ token, phoneNumberId, apiBase: meta.apiBase, version: 'v23.0' }),
      },
      {
        id: job!.id,
        name: JOB.whatsapp,
        data: { message: { to: m.phone, text: m.text } } satisfies WhatsAppJob,
        retryCount: 5,
      },
      5,
    );
    expect((await meta.postStatuses(webhook(), [failed(m)])).status).toBe(200);
    await settled();
    expect(smsInboxOf(ctx.app).to(m.phone)).toEqual([m.text]);
    const [sms] = await selectRows<{ id: string }>(
      db(),
      sql`select id::text as id from pgboss.job where name = ${JOB.sms} and data->'message'->>'to' = ${m.phone}`,
    );
    expect(sms!.id).toBe(fallbackSmsId(job!.id));
  });

  it('changes nothing for a message delivered or read first, or one we never sent', { timeout: 60_000 }, async () => {
    const delivered = await sentByWhatsApp('Gift of Independence: delivered.');
    const read = await sentByWhatsApp('Gift of Independence: read.');
    const ok = await meta.postStatuses(webhook(), [
      { id: delivered.wamid, status: 'sent', recipientId: delivered.phone.slice(1) },
      { id: delivered.wamid, status: 'delivered', recipientId: delivered.phone.slice(1) },
      { id: read.wamid, status: 'read', recipientId: read.phone.slice(1) },
    ]);
    expect(ok.status).toBe(200);
    // A second device may still report a failure: the person already has the message.
    expect((await meta.postStatuses(webhook(), [failed(delivered), failed(read)])).status).toBe(200);
    const unknown = { phone: nextPhone(), wamid: 'wamid.NEVERSENT000001' };
    expect((await meta.postStatuses(webhook(), [failed(unknown)])).status).toBe(200);
    await settled();
    for (const phone of [delivered.phone, read.phone, unknown.phone]) {
      expect(await smsQueued(phone)).toBe(0);
      expect(smsInboxOf(ctx.app).to(phone)).toEqual([]);
    }
    const [left] = await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from whatsapp_pending_messages where provider_message_id in (${delivered.wamid}, ${read.wamid})`,
    );
    expect(Number(left!.n)).toBe(0);
  });
});

describe('deliveries the webhook does not trust or understand', () => {
  it('refuses a missing or wrong signature with 401 and queues nothing', { timeout: 60_000 }, async () => {
    const m = await sentByWhatsApp('Gift of Independence: forged.');
    const real = whatsAppStatusDelivery(appSecret, phoneNumberId, [failed(m)]);
    const forged = whatsAppStatusDelivery('not-the-app-secret', phoneNumberId, [failed(m)]);
    for (const signature of [
      undefined,
      forged.headers['x-hub-signature-256'],
      'sha256=',
      'sha256=é'.padEnd(71, 'a'),
      real.headers['x-hub-signature-256'].replace('sha256=', 'sha1='),
    ]) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (signature !== undefined) headers['x-hub-signature-256'] = signature;
      const res = await fetch(webhook(), { method: 'POST', headers, body: real.body });
      expect(res.status, String(signature)).toBe(401);
      expect((await res.json()).message).toBe('The webhook signature is missing or does not match.');
    }
    // The body changed after signing.
    const altered = await fetch(webhook(), {
      method: 'POST',
      headers: real.headers,
      body: real.body.replace('"failed"', '"failed" '),
    });
    expect(altered.status).toBe(401);
    expect(await smsQueued(m.phone)).toBe(0);
  });

  it('answers malformed deliveries with a 4xx and shapes it does not know with 200, never a 5xx', async () => {
    const signed = (body: string, type = 'application/json') =>
      fetch(webhook(), {
        method: 'POST',
        headers: {
          'content-type': type,
          'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
        },
        body,
      });
    expect((await signed('{"object":')).status).toBe(400);
    expect((await signed('')).status).toBe(400);
    expect((await signed('object=x', 'application/x-www-form-urlencoded')).status).toBe(415);
    for (const body of [
      'null',
      '[]',
      '42',
      '"text"',
      '{}',
      '{"object":"page","entry":[]}',
      '{"object":"whatsapp_business_account","entry":{}}',
      '{"object":"whatsapp_business_account","entry":[null,1,{"changes":"x"},{"changes":[{"field":"messages","value":[]}]}]}',
      '{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"statuses":[null,{"id":7,"status":"failed"},{"id":"wamid.X","status":"exploded"},{"id":"","status":"failed"},{"id":"wamid.Y","status":"failed","errors":"none"}]}}]}]}',
      '{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"messages":[{"from":"2348031234567","type":"text","text":{"body":"hello"}}]}}]}]}',
    ]) {
      const res = await signed(body);
      expect(res.status, body).toBe(200);
    }
  });
});

describe('without the webhook configured', () => {
  let plain: TestContext;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => stopTestApp(plain));

  it('answers 404 to the handshake and to deliveries, signed or not', async () => {
    const hand = await plain.app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1`,
    });
    expect(hand.statusCode).toBe(404);
    const delivery = whatsAppStatusDelivery(appSecret, phoneNumberId, [
      { id: 'wamid.ANY', status: 'failed', recipientId: '2348031234567' },
    ]);
    const post = await plain.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: delivery.headers,
      payload: delivery.body,
    });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('There is no WhatsApp webhook here.');
  });

  it('keeps no message waiting for a status nobody will send', async () => {
    const [row] = await selectRows<{ n: number }>(
      plain.database.db as Db,
      sql`select count(*)::int as n from whatsapp_pending_messages`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});
