import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';

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
    ['register name', 'POST', '/api/auth/register', { firstName: nul, lastName: 'Obi', email: 'nul@example.org', phoneNumber: '8031234567', password: 'Long-enough-password-1', role: 'donor' }, 'firstName'],
    ['checkout name', 'POST', '/api/donations/checkout', { donorEmail: 'a@example.org', donorFullName: nul, cartItems: [{ campaignId: '1' }] }, 'donorFullName'],
    ['fund reference', 'POST', '/api/donations/fund', { transactionId: `GOI-${nul}-123456` }, 'transactionId'],
    ['release reference', 'POST', '/api/donations/release', { reference: `GOI-${nul}-123456` }, 'reference'],
    ['sandbox charge reference', 'POST', '/api/payments/sandbox/charge', { reference: `GOI-${nul}-123456` }, 'reference'],
    ['nested gift', 'POST', '/api/donations/checkout', { donorEmail: 'a@example.org', donorFullName: 'A', cartItems: [{ campaignId: `1${nul}` }] }, 'cartItems.0.campaignId'],
    ['search', 'GET', '/api/campaigns/search?q=a%00b', undefined, 'q'],
    ['name of a field', 'POST', '/api/donations/fund', { transactionId: 'GOI-123456', [`x${nul}`]: 1 }, `x${nul}`],
    ['password (a bell character)', 'POST', '/api/auth/login', { email: 'donor@example.com', password: 'pass\u0007word' }, 'password'],
  ] as const)('refuses a control character in the %s with a 400 naming the field', async (_what, method, url, payload, field) => {
    const res = await send(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Text cannot contain control characters.',
      code: 'validation_failed',
      fieldErrors: { [field]: ['Text cannot contain control characters.'] },
    });
  });

  it('refuses half of a surrogate pair, which the database would silently replace', async () => {
    const res = await send('POST', '/api/donations/checkout', { donorEmail: 'a@example.org', donorFullName: 'A\uD800', cartItems: [{ campaignId: '1' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Text cannot contain broken characters.', fieldErrors: { donorFullName: expect.any(Array) } });
  });

  it('still accepts tabs, line breaks and characters outside the basic plane', async () => {
    const res = await send('GET', `/api/campaigns/search?q=${encodeURIComponent('braille\tdisplay\n😀')}`);
    expect(res.statusCode).toBe(200);
  });
});
