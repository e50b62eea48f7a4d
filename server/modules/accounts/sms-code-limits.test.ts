import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsMessage, SmsSender } from '../../providers/sms/sms';
import { signUpUser } from '../../test/fixtures';
import { createMailbox } from '../../test/mailbox';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { SMS_CODE_LIMITS } from './sms-code-limits';

let ctx: TestContext;
const texts: SmsMessage[] = [];
const sms: SmsSender = {
  description: 'memory',
  async send(message) {
    texts.push(message);
  },
};
const mailbox = createMailbox();
beforeAll(async () => {
  ctx = await startTestApp({}, { sms, mailer: mailbox });
});
afterAll(() => stopTestApp(ctx));

let ip = 0;
const nextIp = () => `10.71.${(++ip >> 8) & 255}.${ip & 255}`;
let n = 0;
/** A fresh number each time, so the limits of different tests never mix. */
const newNumber = () => `+2348091${String(++n).padStart(6, '0')}`;

const askSignInCode = (phoneNumber: string, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/phone/code', payload: { phoneNumber }, remoteAddress });
const askPhoneChange = (token: string, phoneNumber: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/phone',
    payload: { phoneNumber },
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });
const freshAccount = async () => (await signUpUser(ctx.app, mailbox, { role: 'recipient' })).token;
const accountsOf = (count: number) => Promise.all(Array.from({ length: count }, freshAccount));

describe('codes by SMS', () => {
  it("count against one number's limit whichever way they are asked for: accounts from one address cannot text a stranger", async () => {
    const stranger = newNumber();
    const address = nextIp();
    const accounts = await accountsOf(4);
    // Two sign-in codes, then four accounts asking to move to the same number: the number's five an hour hold.
    for (let i = 0; i < 2; i++) expect((await askSignInCode(stranger, address)).statusCode).toBe(202);
    const replies = [];
    for (const token of accounts) replies.push(await askPhoneChange(token, stranger, address));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(replies[3]!.json().message).toBe(SMS_CODE_LIMITS.perNumber.message);
    expect(replies[3]!.headers['retry-after']).toMatch(/^\d+$/);
    // Nor from another address, by either path.
    expect((await askSignInCode(stranger, nextIp())).statusCode).toBe(429);
    expect((await askPhoneChange(await freshAccount(), stranger, nextIp())).statusCode).toBe(429);
    // The three accounts allowed each got their code; the refused requests queued nothing (a second
    // sign-in code replaces the first before it goes, so the number gets fewer than five).
    await eventually(
      'the three codes allowed to move',
      async () => texts.filter((t) => t.to === stranger && t.text.includes('confirm this phone number')),
      (t) => t.length === 3,
    );
    expect(texts.filter((t) => t.to === stranger).length).toBeLessThanOrEqual(SMS_CODE_LIMITS.perNumber.max);
  });

  it('count against one client address across numbers and paths', async () => {
    const busy = nextIp();
    const accounts = await accountsOf(6);
    for (let i = 0; i < 15; i++) expect((await askSignInCode(newNumber(), busy)).statusCode).toBe(202);
    for (const token of accounts.slice(0, 5))
      expect((await askPhoneChange(token, newNumber(), busy)).statusCode).toBe(200);
    const refused = await askPhoneChange(accounts[5]!, newNumber(), busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SMS_CODE_LIMITS.perAddress.message);
    expect((await askSignInCode(newNumber(), busy)).statusCode).toBe(429);
    // Another address still may.
    expect((await askPhoneChange(accounts[5]!, newNumber(), nextIp())).statusCode).toBe(200);
  });

  it('count only a code that is sent: a refused phone change uses none of the number or address', async () => {
    const address = nextIp();
    const [token] = await accountsOf(1);
    const to = newNumber();
    expect((await askPhoneChange(token!, to, address)).statusCode).toBe(200);
    // Asked again at once, the account must wait its minute: that refusal is not a code.
    for (let i = 0; i < 6; i++) expect((await askPhoneChange(token!, to, address)).statusCode).toBe(429);
    for (let i = 0; i < 4; i++) expect((await askSignInCode(to, address)).statusCode).toBe(202);
    expect((await askSignInCode(to, address)).statusCode).toBe(429);
  });
});
