import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProviders } from '../../app';
import { loadConfig } from '../../config';
import { startWhatsAppStandIn } from '../../test/stand-ins';
import { createCloudApiWhatsApp } from './cloud-api';
import { createOutboxWhatsApp } from './outbox';
import { NOTICE_TEMPLATE, WhatsAppRefused } from './whatsapp';

describe('outbox WhatsApp', () => {
  it('writes one file per message holding the number, the template and the message as read, and logs one line each', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-whatsapp-'));
    const lines: string[] = [];
    const whatsapp = createOutboxWhatsApp(dir, (l) => lines.push(l));
    await whatsapp.send({ to: '+2348031234567', text: 'Gift of Independence: first.' });
    await whatsapp.send({ to: '+2348039876543', text: 'Gift of Independence:\nsecond.' });
    const texts = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(texts).toHaveLength(2);
    expect(texts).toContain(
      'To: +2348031234567\nTemplate: gift_of_independence_notice (en)\n\n' +
        'You have a new notice. Gift of Independence: first. You get these on WhatsApp because you chose it in your account settings.\n',
    );
    expect(texts.find((t) => t.startsWith('To: +2348039876543'))).toContain('Gift of Independence: second.');
    expect(lines).toHaveLength(2);
  });
});

describe('WhatsApp Cloud API', () => {
  const token = 'EAAtest-token-do-not-log-0123456789';
  const phoneNumberId = '106540352242922';
  let meta: Awaited<ReturnType<typeof startWhatsAppStandIn>>;
  const sender = (overrides: Partial<Parameters<typeof createCloudApiWhatsApp>[0]> = {}) =>
    createCloudApiWhatsApp({ token, phoneNumberId, apiBase: meta.apiBase, version: 'v23.0', ...overrides });
  const failureOf = (p: Promise<unknown>) => p.then(() => new Error('it was sent')).catch((e: Error) => e);

  beforeAll(async () => {
    meta = await startWhatsAppStandIn(token, phoneNumberId);
  });
  afterAll(() => meta?.close());

  it('sends the approved template in English, the number without its +, the whole text as its one body parameter', async () => {
    const id = await sender().send({
      to: '+2348031234567',
      text: 'Gift of Independence: your cane\tis  ready.\nCall 0201.',
    });
    expect(meta.bodies.at(-1)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '2348031234567',
      type: 'template',
      template: {
        name: 'gift_of_independence_notice',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [{ type: 'text', text: 'Gift of Independence: your cane is ready. Call 0201.' }],
          },
        ],
      },
    });
    expect(meta.sent.at(-1)).toMatchObject({ to: '2348031234567', template: NOTICE_TEMPLATE.name, language: 'en' });
    // The id the API gave the message, which its status webhook names.
    expect(id).toBe(meta.sent.at(-1)!.id);
    expect(id).toMatch(/^wamid\./);
    // A trailing slash on the base changes nothing.
    await sender({ apiBase: `${meta.apiBase}/` }).send({ to: '+2348030000000', text: 'x' });
    expect(meta.sent.at(-1)).toMatchObject({ to: '2348030000000', text: 'x' });
  });

  it('calls a 4xx refusal final, never naming the token or the text', async () => {
    const sent = meta.sent.length;
    const message = { to: '+2348031234567', text: 'A private text' };
    meta.refuseNext(1);
    const undeliverable = await failureOf(sender().send(message));
    expect(undeliverable).toBeInstanceOf(WhatsAppRefused);
    expect(String(undeliverable)).toMatch(/HTTP 400, code 131026\): \(#131026\) Message undeliverable/);
    const badToken = await failureOf(sender({ token: 'wrong' }).send(message));
    expect(badToken).toBeInstanceOf(WhatsAppRefused);
    expect(String(badToken)).toMatch(/HTTP 401, code 190/);
    const unknownSender = await failureOf(sender({ phoneNumberId: '999999' }).send(message));
    expect(unknownSender).toBeInstanceOf(WhatsAppRefused);
    for (const error of [undeliverable, badToken, unknownSender]) {
      expect(String(error)).not.toContain(token);
      expect(String(error)).not.toContain('private');
    }
    expect(meta.sent).toHaveLength(sent);
  });

  it('calls a 5xx, throttling, an unreachable API or a timeout worth another try', async () => {
    const message = { to: '+2348031234567', text: 'A private text' };
    meta.failNext(1);
    const down = await failureOf(sender().send(message));
    meta.throttleNext(1);
    const throttled = await failureOf(sender().send(message));
    const unreachable = await failureOf(sender({ apiBase: 'http://127.0.0.1:9' }).send(message));
    const slow = await failureOf(
      sender({
        timeoutMs: 1,
        fetchImpl: (_url, init) =>
          new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
      }).send(message),
    );
    expect(String(down)).toMatch(/did not take the message \(HTTP 503, code 2\)/);
    expect(String(throttled)).toMatch(/HTTP 400, code 130429/);
    expect(String(unreachable)).toMatch(/could not be reached/);
    expect(String(slow)).toMatch(/could not be reached/);
    for (const error of [down, throttled, unreachable, slow]) {
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(WhatsAppRefused);
      expect(String(error)).not.toContain(token);
      expect(String(error)).not.toContain('private');
    }
  });
});

describe('WhatsApp configuration', () => {
  it('uses the Cloud API when the token and phone number id are set, the outbox otherwise, and refuses half of it', () => {
    const off = loadConfig({});
    expect(off.whatsapp).toBeUndefined();
    expect(defaultProviders(off, () => undefined).whatsapp.description).toMatch(/^outbox files in .*whatsapp$/);
    const on = loadConfig({ WHATSAPP_TOKEN: 'EAAkey', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' });
    expect(on.whatsapp).toEqual({
      token: 'EAAkey',
      phoneNumberId: '106540352242922',
      apiBase: 'https://graph.facebook.com',
      version: 'v23.0',
    });
    const provider = defaultProviders(on, () => undefined).whatsapp;
    expect(provider.description).toBe('WhatsApp Cloud API (v23.0, template gift_of_independence_notice)');
    expect(provider.description).not.toContain('EAAkey');
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAkey' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID go together/);
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '106540352242922' })).toThrow(/go together/);
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'k', WHATSAPP_PHONE_NUMBER_ID: '+2348031234567' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID must be the digits/,
    );
    expect(() => loadConfig({ WHATSAPP_API_VERSION: '23' })).toThrow(/WHATSAPP_API_VERSION/);
  });

  it("takes the status webhook's two secrets together, and only with the Cloud API", () => {
    const api = { WHATSAPP_TOKEN: 'EAAkey', WHATSAPP_PHONE_NUMBER_ID: '106540352242922' };
    expect(loadConfig(api).whatsapp?.webhook).toBeUndefined();
    expect(
      loadConfig({ ...api, WHATSAPP_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: 'app-secret' }).whatsapp?.webhook,
    ).toEqual({ verifyToken: 'verify-me', appSecret: 'app-secret' });
    expect(() => loadConfig({ ...api, WHATSAPP_VERIFY_TOKEN: 'verify-me' })).toThrow(/WHATSAPP_APP_SECRET go together/);
    expect(() => loadConfig({ ...api, WHATSAPP_APP_SECRET: 'app-secret' })).toThrow(/go together/);
    expect(() => loadConfig({ WHATSAPP_VERIFY_TOKEN: 'verify-me', WHATSAPP_APP_SECRET: 'app-secret' })).toThrow(
      /with WHATSAPP_TOKEN/,
    );
  });
});
