import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import { createPaystackProvider } from '../providers/payments/payments';
import { JOB } from '../jobs/names';
import { jobsDone, startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { startPaystackStandIn } from '../test/stand-ins';
import { registerErrorHandling } from './errors';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const send = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as string | object | undefined,
    headers,
    remoteAddress: `10.44.${(ip += 1) >> 8}.${ip & 255}`,
  });

describe('control characters in text', () => {
  const nul = 'A\u0000B';
  it.each([
    [
      'register name',
      'POST',
      '/api/auth/register',
      {
        firstName: nul,
        lastName: 'Obi',
        email: 'nul@example.org',
        phoneNumber: '8031234567',
        password: 'Long-enough-password-1',
        role: 'donor',
      },
      'firstName',
    ],
    [
      'checkout name',
      'POST',
      '/api/donations/checkout',
      { donorEmail: 'a@example.org', donorFullName: nul, cartItems: [{ campaignId: '1' }] },
      'donorFullName',
    ],
    ['fund reference', 'POST', '/api/donations/fund', { transactionId: `GOI-${nul}-123456` }, 'transactionId'],
    ['release reference', 'POST', '/api/donations/release', { reference: `GOI-${nul}-123456` }, 'reference'],
    [
      'sandbox charge reference',
      'POST',
      '/api/payments/sandbox/charge',
      { reference: `GOI-${nul}-123456` },
      'reference',
    ],
    [
      'nested gift',
      'POST',
      '/api/donations/checkout',
      { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: [{ campaignId: `1${nul}` }] },
      'cartItems.0.campaignId',
    ],
    ['search', 'GET', '/api/campaigns/search?q=a%00b', undefined, 'q'],
    ['name of a field', 'POST', '/api/donations/fund', { transactionId: 'GOI-123456', [`x${nul}`]: 1 }, `x${nul}`],
    [
      'password (a bell character)',
      'POST',
      '/api/auth/login',
      { email: 'donor@example.com', password: 'pass\u0007word' },
      'password',
    ],
  ] as const)(
    'refuses a control character in the %s with a 400 naming the field',
    async (_what, method, url, payload, field) => {
      const res = await send(method, url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Text cannot contain control characters.',
        code: 'validation_failed',
        fieldErrors: { [field]: ['Text cannot contain control characters.'] },
      });
    },
  );

  it('refuses half of a surrogate pair, which the database would silently replace', async () => {
    const res = await send('POST', '/api/donations/checkout', {
      donorEmail: 'a@example.org',
      donorFullName: 'A\uD800',
      cartItems: [{ campaignId: '1' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Text cannot contain broken characters.',
      fieldErrors: { donorFullName: expect.any(Array) },
    });
  });

  it('still accepts tabs, line breaks and characters outside the basic plane', async () => {
    const res = await send('GET', `/api/campaigns/search?q=${encodeURIComponent('braille\tdisplay\n😀')}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('list cursors', () => {
  const cursor = (value: unknown) =>
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const lists = ['/api/campaigns', '/api/org-campaigns/active'];
  const refused = [
    ['a date that does not exist', ['2024-02-30T00:00:00.000000Z', 1]],
    ['a bare number as the date', ['1', 1]],
    ['a year past what the database holds', ['275760-09-13T00:00:00.000Z', 1]],
    ['a negative year', ['-001000-01-01T00:00:00Z', 1]],
    ['hour 24', ['2024-01-01T24:00:00Z', 1]],
    ['a local time without a zone', ['2024-01-01T00:00:00', 1]],
    ['an id past the column', ['2024-01-01T00:00:00.000000Z', 2_147_483_648]],
    ['a huge id', ['2024-01-01T00:00:00.000000Z', 99_999_999_999]],
    ['id zero', ['2024-01-01T00:00:00.000000Z', 0]],
    ['a fractional id', ['2024-01-01T00:00:00.000000Z', 1.5]],
    ['an id as text', ['2024-01-01T00:00:00.000000Z', '1']],
    ['an object', { createdAt: '2024-01-01T00:00:00Z', id: 1 }],
    ['not JSON', 'not json at all'],
  ] as const;

  it.each(lists.flatMap((url) => refused.map(([what, value]) => [url, what, value] as const)))(
    '%s refuses a cursor with %s',
    async (url, _what, value) => {
      const res = await send('GET', `${url}?cursor=${cursor(value)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'bad_request',
        message: 'This page link is not valid. Please start again from the first page.',
      });
    },
  );

  it('search refuses offsets it never issues', async () => {
    for (const value of [{ o: -1 }, { o: 1e308 }, { o: '5' }, ['2024-02-30T00:00:00Z', 1], 'x']) {
      const res = await send('GET', `/api/campaigns/search?q=braille&cursor=${cursor(value)}`);
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().message).toBe('This page link is not valid. Please start again from the first page.');
    }
  });

  it('still accepts the largest id and a cursor at the edge of the range', async () => {
    for (const url of lists) {
      for (const value of [
        ['2024-01-01T00:00:00.000000Z', 2_147_483_647],
        ['9999-12-31T23:59:59.999999Z', 1],
        ['2024-02-29T12:00:00Z', 5],
      ]) {
        const res = await send('GET', `${url}?cursor=${cursor(value)}`);
        expect(res.statusCode, `${url} ${JSON.stringify(value)}`).toBe(200);
      }
    }
  });
});

describe('Paystack webhook deliveries that carry no event', () => {
  const SECRET = 'sk_test_bad_input';
  let paystack: Awaited<ReturnType<typeof startPaystackStandIn>>;
  let hooked: TestContext;
  beforeAll(async () => {
    paystack = await startPaystackStandIn(SECRET);
    const options = { secretKey: SECRET, publicKey: 'pk_test_bad_input', apiBase: paystack.apiBase };
    hooked = await startTestApp({ paystack: options }, { payments: createPaystackProvider(options) });
  });
  afterAll(async () => {
    await stopTestApp(hooked);
    await paystack.close();
  });

  const deliver = (payload: string | undefined, headers: Record<string, string>) =>
    hooked.app.inject({ method: 'POST', url: '/api/payments/paystack/webhook', payload, headers });

  it.each([
    ['no body and no content type', undefined, {}],
    ['an empty JSON body', '', { 'content-type': 'application/json' }],
    ['an empty body with a signature', '', { 'content-type': 'application/json', 'x-paystack-signature': 'abc' }],
  ])('answers 400 for %s', async (_what, payload, headers) => {
    const res = await deliver(payload, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The webhook event is empty.', code: 'bad_request' });
  });

  it.each([
    ['text', 'text/plain', 'hello'],
    ['a form', 'application/x-www-form-urlencoded', 'event=charge.success'],
    ['bytes', 'application/octet-stream', 'abc'],
    ['empty text', 'text/plain', ''],
  ])('answers a clean 415 for %s', async (_what, type, payload) => {
    const res = await deliver(payload, { 'content-type': type });
    expect(res.statusCode).toBe(415);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type', message: expect.stringMatching(/\.$/) });
  });

  it('still checks the signature of a real event', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'GOI-UNKNOWN-1' } });
    const signature = createHmac('sha512', SECRET).update(body).digest('hex');
    expect(
      (await deliver(body, { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) })).statusCode,
    ).toBe(401);
    expect(
      (await deliver(body, { 'content-type': 'application/json', 'x-paystack-signature': signature })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['a NUL character', 'a\\u0000b'],
    ['half of a surrogate pair', 'a\\ud800b'],
  ])('answers 400 to a signed event holding %s, which the database cannot keep', async (_what, text) => {
    const body = `{"event":"charge.success","data":{"reference":"GOI-UNKNOWN-3","note":"${text}"}}`;
    const signature = createHmac('sha512', SECRET).update(body).digest('hex');
    const res = await deliver(body, { 'content-type': 'application/json', 'x-paystack-signature': signature });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The webhook event holds characters that cannot be kept.',
      code: 'bad_request',
    });
  });

  it('takes signed refund events with data it cannot use and records nothing', async () => {
    const events = [
      { event: 'refund.processed', data: null },
      {
        event: 'refund.processed',
        data: { id: { nested: true }, transaction_reference: 'GOI-UNKNOWN-3', amount: 100 },
      },
      { event: 'refund.processed', data: { id: 'x'.repeat(500), transaction_reference: 'GOI-UNKNOWN-3', amount: 100 } },
      { event: 'refund.processed', data: { id: 7, transaction_reference: "' or 1=1 --", amount: 1e308 } },
      { event: 'refund.failed', data: { id: 8, amount: '100' } },
      { event: 'refund.pending', data: { id: 9, transaction: { reference: 'GOI-UNKNOWN-4' }, amount: -5 } },
      { event: 'refund.processed', data: [] },
    ];
    for (const event of events) {
      const body = JSON.stringify(event);
      const signature = createHmac('sha512', SECRET).update(body).digest('hex');
      const res = await deliver(body, { 'content-type': 'application/json', 'x-paystack-signature': signature });
      expect(res.statusCode, body).toBe(200);
    }
    // Events are kept and processed by the queue: wait until it has run every one.
    await jobsDone(hooked.database, JOB.providerEvent);
    const [row] = await selectRows<{ n: number }>(hooked.database.db, sql`select count(*)::int as n from refunds`);
    expect(Number(row!.n)).toBe(0);
  });

  it('answers 401 to a signature of the right length whose characters take more bytes', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'GOI-UNKNOWN-2' } });
    const res = await deliver(body, {
      'content-type': 'application/json',
      'x-paystack-signature': `é${'f'.repeat(127)}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Invalid signature.' });
  });
});

describe('every refusal is a sentence a person can read', () => {
  // What Fastify, ajv and zod say when nobody words a refusal.
  const RAW_DEFAULTS = [
    /expected .*, received/,
    /^Invalid (input|option|string|type)/,
    /^Too (big|small)/,
    /\bmust (have required property|NOT have|match pattern|be equal to|be (object|array|string|number|integer|boolean|null)\b)/,
    /^(body|querystring|params|headers)\b/,
    /content-type/i,
    /Unsupported Media Type|Request body|not a valid url component|exceeding the max param length/,
    /JSON at position|Unexpected (token|end)/,
    /FST_|Content-Encoding/,
  ];
  const json = { 'content-type': 'application/json' };
  const long = 'x'.repeat(2 * 1024 * 1024);
  const malformed: Array<[method: 'GET' | 'POST', url: string, payload?: unknown, headers?: Record<string, string>]> = [
    ['POST', '/api/auth/login', [1, 2]],
    ['POST', '/api/auth/login', 'null', json],
    ['POST', '/api/auth/login', '"text"', json],
    ['POST', '/api/auth/login', '', json],
    ['POST', '/api/auth/login', '{"email":', json],
    ['POST', '/api/auth/login', '{"__proto__":{"x":1}}', json],
    ['POST', '/api/auth/login', '{"constructor":{"prototype":{"x":1}}}', json],
    ['POST', '/api/auth/login', 'hello', { 'content-type': 'text/plain' }],
    ['POST', '/api/auth/login', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['POST', '/api/auth/login', 'abc', { 'content-type': 'application/octet-stream' }],
    ['POST', '/api/auth/login', { email: 5, password: [] }],
    ['POST', '/api/auth/login', `{"email":"${long}"}`, json],
    ['POST', '/api/auth/login', 'not gzip at all', { ...json, 'content-encoding': 'gzip' }],
    ['POST', '/api/auth/login', '{}', { ...json, 'content-encoding': 'snappy' }],
    ['POST', '/api/auth/register', {}],
    [
      'POST',
      '/api/auth/register',
      { firstName: 'x'.repeat(500), lastName: [], email: {}, phoneNumber: 7, password: 1, role: 'admin' },
    ],
    ['POST', '/api/auth/verify-email', { email: 'a@example.org', token: 12 }],
    ['POST', '/api/auth/google', { token: 1 }],
    ['POST', '/api/auth/reset-password', { token: 'short', newPassword: 'a' }],
    ['GET', '/api/auth/user-exists'],
    ['GET', '/api/auth/user-exists?email=a@example.org&email=b@example.org'],
    ['POST', '/api/donations/checkout', { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: {} }],
    [
      'POST',
      '/api/donations/checkout',
      { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: [{ campaignId: true }] },
    ],
    [
      'POST',
      '/api/donations/checkout',
      { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: [{ campaignId: '1', units: 1e308 }] },
    ],
    ['POST', '/api/donations/checkout', { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: [null] }],
    [
      'POST',
      '/api/donations/checkout',
      {
        donorEmail: 'a@example.org',
        donorFullName: 'A',
        cartItems: Array.from({ length: 51 }, () => ({ campaignId: '1' })),
      },
    ],
    ['POST', '/api/donations/checkout', '[]', json],
    ['POST', '/api/donations/fund', { transactionId: 5 }],
    ['POST', '/api/donations/fund', { transactionId: 'x'.repeat(1000) }],
    ['POST', '/api/donations/fund'],
    ['POST', '/api/donations/release', { reference: [] }],
    ['POST', '/api/payments/sandbox/charge', { reference: 'abc' }],
    ['GET', '/api/campaigns?limit=abc'],
    ['GET', '/api/campaigns?limit=1.5'],
    ['GET', `/api/campaigns?cursor=${'x'.repeat(300)}`],
    ['GET', '/api/campaigns?cursor=a&cursor=b'],
    ['GET', '/api/campaigns/abc'],
    ['GET', '/api/campaigns/0'],
    ['GET', '/api/campaigns/99999999999'],
    ['GET', '/api/campaigns/%E0%A4%A'],
    ['GET', `/api/org-campaigns/${'9'.repeat(200)}`],
    ['GET', '/api/campaigns/search'],
    ['GET', '/api/campaigns/search?q='],
    ['GET', `/api/campaigns/search?q=${'x'.repeat(101)}`],
    ['GET', '/api/admin/org-campaigns/x/donations'],
    ['POST', '/api/admin/payments/GOI%20X/resolve', { caseId: 'x', resolution: 'refund' }],
    ['POST', '/api/admin/payments/GOI-X-1/resolve', '[]', json],
    ['GET', '/api/admin/payments/attention?limit=x'],
    ['POST', '/api/admin/payments/x/refund', { amountKobo: 'abc', note: [] }],
    ['POST', '/api/admin/payments/%20/refund', '[]', json],
    ['GET', '/api/admin/campaigns/x/donations'],
    ['GET', '/api/admin/payments?status=lost&from=2026-02-30'],
    ['GET', `/api/admin/payments/${'x'.repeat(200)}`],
    ['GET', '/api/admin/exports/everything.csv'],
    ['GET', '/api/admin/jobs?state=lost'],
    ['POST', '/api/admin/jobs/not-a-job/retry'],
    ['GET', '/api/auth/me'],
    ['POST', '/api/notifications/read'],
  ];

  it('answers each malformed request with a 4xx JSON sentence, never a raw default', async () => {
    const seen: string[] = [];
    for (const [method, url, payload, headers] of malformed) {
      const res = await send(method, url, payload, headers);
      const where = `${method} ${url.slice(0, 80)} ${JSON.stringify(payload)?.slice(0, 60)}`;
      expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, where).toBeLessThan(500);
      expect(res.headers['content-type'], where).toMatch(/application\/json/);
      const body = res.json();
      expect(body, where).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
      const texts = [body.message, ...Object.values((body.fieldErrors ?? {}) as Record<string, string[]>).flat()];
      for (const text of texts) {
        for (const raw of RAW_DEFAULTS) expect(text, where).not.toMatch(raw);
        expect(text, where).toMatch(/\.$/);
      }
      seen.push(`${res.statusCode} ${body.message}`);
    }
    expect(seen.length).toBe(malformed.length);
  });

  it('words what went wrong', async () => {
    const message = async (...args: Parameters<typeof send>) => (await send(...args)).json().message;
    expect(await message('POST', '/api/auth/login', [1, 2])).toBe('Send the details as a JSON object.');
    expect(await message('POST', '/api/auth/login', '', json)).toBe(
      'The request has no content. Send the details as JSON.',
    );
    expect(
      await message('POST', '/api/auth/login', 'email=a', { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toBe('This kind of content is not accepted here. Send the details as JSON.');
    expect(await message('POST', '/api/auth/login', `{"email":"${long}"}`, json)).toBe('The request is too large.');
    expect(await message('GET', '/api/campaigns/%E0%A4%A')).toBe('This address is not valid.');
    expect(
      await message('POST', '/api/donations/checkout', {
        donorEmail: 'a@example.org',
        donorFullName: 'A',
        cartItems: [{ campaignId: '1', units: 1e308 }],
      }),
    ).toBe('Units must be a whole number.');
    const tooMany = await send('POST', '/api/donations/checkout', {
      donorEmail: 'a@example.org',
      donorFullName: 'A',
      cartItems: [{ campaignId: '1', units: 10_001 }],
    });
    expect(tooMany.json().fieldErrors).toEqual({ 'cartItems.0.units': ['Units should be at most 10000.'] });
  });
});

describe('client errors nobody worded', () => {
  it('fall back to a sentence for their status, never their raw text', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    for (const status of [400, 405, 409, 418]) {
      app.get(`/raw/${status}`, async () => {
        throw Object.assign(new Error(`querystring must have required property 'x' (${status})`), {
          statusCode: status,
        });
      });
    }
    const replies = await Promise.all([400, 405, 409, 418].map((s) => app.inject({ method: 'GET', url: `/raw/${s}` })));
    expect(replies.map((r) => [r.statusCode, r.json().message])).toEqual([
      [400, 'The request is not valid.'],
      [405, 'This action is not available here.'],
      [409, 'The request could not be handled.'],
      [418, 'The request could not be handled.'],
    ]);
    await app.close();
  });
});
