import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, paymentModeWarning } from '../../config';
import { createPaystackProvider } from '../../providers/payments/payments';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';

describe('the payment sandbox in production', () => {
  it('refuses NODE_ENV=production without Paystack, naming the variables', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYSTACK_SECRET_KEY.*ALLOW_SANDBOX_PAYMENTS=true/s);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/NODE_ENV is production/);
  });

  it('runs the sandbox in production only when it is allowed on purpose, and Paystack always', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' })).toMatchObject({
      nodeEnv: 'production',
      allowSandboxPayments: true,
    });
    expect(loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' }).paystack.secretKey).toBe(
      'sk_live_x',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'maybe' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    // Outside production the sandbox stays the embedded default.
    expect(loadConfig({}).allowSandboxPayments).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('warns loudly at start-up while the sandbox is on', () => {
    expect(paymentModeWarning(loadConfig({}))).toMatch(
      /TEST MODE.*PAYSTACK_SECRET_KEY.*anyone can mark a payment reference as paid/s,
    );
    expect(paymentModeWarning(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x' }))).toBeUndefined();
  });

  it('stops the server before it opens anything', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-prod-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/ALLOW_SANDBOX_PAYMENTS/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the public config', () => {
  let sandbox: TestContext;
  let live: TestContext;
  beforeAll(async () => {
    sandbox = await startTestApp();
    const paystack = { secretKey: 'sk_test_x', publicKey: 'pk_test_x', apiBase: 'http://127.0.0.1:9' };
    live = await startTestApp({ paystack }, { payments: createPaystackProvider({ ...paystack }) });
  });
  afterAll(async () => {
    await stopTestApp(sandbox);
    await stopTestApp(live);
  });

  it('tells the web app whether payments are test or live before checkout', async () => {
    expect((await sandbox.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toMatchObject({
      paymentMode: 'test',
    });
    expect((await live.app.inject({ method: 'GET', url: '/api/auth/config' })).json()).toMatchObject({
      paymentMode: 'live',
    });
  });
});
