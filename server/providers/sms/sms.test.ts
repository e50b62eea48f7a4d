import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProviders } from '../../app';
import { loadConfig } from '../../config';
import { startTermiiStandIn } from '../../test/stand-ins';
import { createOutboxSms } from './outbox';
import { createTermiiSms } from './termii';

describe('outbox SMS', () => {
  it('writes one file per message holding the number and the text, and logs one line each', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-sms-'));
    const lines: string[] = [];
    const sms = createOutboxSms(dir, (l) => lines.push(l));
    await sms.send({ to: '+2348031234567', text: 'Gift of Independence: first.' });
    await sms.send({ to: '+2348039876543', text: 'Gift of Independence: second.' });
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    const texts = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(texts).toContain('To: +2348031234567\n\nGift of Independence: first.\n');
    expect(texts).toContain('To: +2348039876543\n\nGift of Independence: second.\n');
    expect(lines).toHaveLength(2);
  });
});

describe('Termii SMS', () => {
  const key = 'TLtestkey-do-not-log-0123456789';
  let termii: Awaited<ReturnType<typeof startTermiiStandIn>>;
  const sender = (overrides: Partial<Parameters<typeof createTermiiSms>[0]> = {}) =>
    createTermiiSms({ apiKey: key, senderId: 'GiftOfIndep', apiBase: termii.apiBase, channel: 'dnd', ...overrides });

  beforeAll(async () => {
    termii = await startTermiiStandIn(key);
  });
  afterAll(() => termii?.close());

  it("sends the number without its '+', the sender id, the text, a plain type and the chosen route", async () => {
    await sender().send({ to: '+2348031234567', text: 'Gift of Independence: hello.' });
    expect(termii.sent.at(-1)).toEqual({
      to: '2348031234567',
      from: 'GiftOfIndep',
      sms: 'Gift of Independence: hello.',
      type: 'plain',
      channel: 'dnd',
    });
    await sender({ channel: 'generic', apiBase: `${termii.apiBase}/` }).send({ to: '+2348030000000', text: 'x' });
    expect(termii.sent.at(-1)).toMatchObject({ to: '2348030000000', channel: 'generic' });
  });

  it('throws, without the key or the text, when the gateway fails, refuses the key or says it did not send', async () => {
    const sent = termii.sent.length;
    const message = { to: '+2348031234567', text: 'A private text' };
    termii.failNext(1);
    const down = await sender()
      .send(message)
      .catch((e: Error) => e);
    expect(String(down)).toMatch(/HTTP 503/);
    const badKey = await sender({ apiKey: 'wrong' })
      .send(message)
      .catch((e: Error) => e);
    expect(String(badKey)).toMatch(/HTTP 401/);
    termii.refuseNext(1);
    const refused = await sender()
      .send(message)
      .catch((e: Error) => e);
    expect(String(refused)).toMatch(/did not take the SMS: Insufficient balance/);
    for (const error of [down, badKey, refused]) {
      expect(error).toBeInstanceOf(Error);
      expect(String(error)).not.toContain(key);
      expect(String(error)).not.toContain('private');
    }
    expect(termii.sent).toHaveLength(sent);
  });

  it('throws when the gateway cannot be reached or takes too long', async () => {
    const unreachable = createTermiiSms({
      apiKey: key,
      senderId: 'GiftOfIndep',
      apiBase: 'http://127.0.0.1:9',
      channel: 'dnd',
    });
    await expect(unreachable.send({ to: '+2348031234567', text: 'x' })).rejects.toThrow(/could not be reached/);
    const slow = sender({
      timeoutMs: 1,
      fetchImpl: (url, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    });
    await expect(slow.send({ to: '+2348031234567', text: 'x' })).rejects.toThrow(/could not be reached/);
  });
});

describe('SMS configuration', () => {
  it('uses Termii when SMS_API_KEY is set, on the DND route by default, and the outbox otherwise', () => {
    const off = loadConfig({});
    expect(off.sms).toBeUndefined();
    expect(defaultProviders(off, () => undefined).sms.description).toMatch(/^outbox files in .*sms$/);
    const on = loadConfig({ SMS_API_KEY: 'TLkey', SMS_SENDER_ID: 'GOI Lagos' });
    expect(on.sms).toEqual({
      apiKey: 'TLkey',
      senderId: 'GOI Lagos',
      apiBase: 'https://api.ng.termii.com',
      channel: 'dnd',
    });
    const provider = defaultProviders(on, () => undefined).sms;
    expect(provider.description).toBe('Termii (dnd route, sender GOI Lagos)');
    expect(provider.description).not.toContain('TLkey');
    expect(() => loadConfig({ SMS_API_KEY: 'TLkey', SMS_SENDER_ID: 'Far too long a name' })).toThrow(/SMS_SENDER_ID/);
    expect(() => loadConfig({ SMS_CHANNEL: 'whatsapp' })).toThrow(/SMS_CHANNEL/);
  });
});
