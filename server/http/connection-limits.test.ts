import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReplySchema } from '@contract/errors';
import { loadConfig } from '../config';
import { startTestApp, stopTestApp, type TestContext } from '../test/harness';
import { connectionOptions } from './connection-limits';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await startTestApp({ timeouts: { requestMs: 1500, headersMs: 1000, keepAliveMs: 1000 } });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => stopTestApp(ctx));

type Exchange = { text: string; closedAfterMs: number };

// The configured limits are one to one and a half seconds; without them a client could take a
// minute or more (Node's request and header limits, Fastify's 72-second keep-alive). The bound leaves
// room for a busy machine and still tells the two apart.
const CUT_OFF_WITHIN_MS = 8000;

/**
 * Opens a raw connection (app.inject never goes through Node's HTTP parser), sends `first`, then
 * `drip` one byte a second until the server closes the connection or `giveUpMs` passes.
 */
function exchange(first: string, drip = '', giveUpMs = 15_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open for ${giveUpMs} ms; received: ${text.slice(0, 200)}`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(first);
      let i = 0;
      if (drip) {
        timer = setInterval(() => {
          if (!socket.destroyed && socket.writable) socket.write(drip[i++ % drip.length]!);
        }, 1000);
      }
    });
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      clearInterval(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, head: head.toLowerCase(), body: errorReplySchema.parse(JSON.parse(body)) };
}

describe('slow clients', () => {
  it('cuts off a client that sends its body a byte a second', async () => {
    const head =
      'POST /api/auth/forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{';
    const result = await exchange(head, '"aaaaaaaa');
    expect(result.closedAfterMs).toBeGreaterThanOrEqual(1000);
    expect(result.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    const reply = parse(result.text);
    expect(reply.status).toBe(408);
    expect(reply.body).toEqual({
      message: 'The request took too long to arrive. Please try again.',
      code: 'request_timeout',
    });
  });

  it('cuts off a client that sends its headers a byte a second', async () => {
    const result = await exchange('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 'abcdef');
    expect(result.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
    expect(parse(result.text).status).toBe(408);
  });

  it('closes a connection that opens and sends nothing', async () => {
    const result = await exchange('');
    expect(result.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);
  });

  it('answers a normal request, and closes the idle connection after the keep-alive time', async () => {
    const result = await exchange('GET /api/health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(result.text).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(result.closedAfterMs).toBeLessThan(CUT_OFF_WITHIN_MS);

    const res = await fetch(`http://127.0.0.1:${port}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.org' }),
    });
    expect(res.status).toBe(200);
  });

  it('has time-outs of seconds by default, checked every second', () => {
    const config = loadConfig({});
    expect(config.timeouts).toEqual({ requestMs: 10_000, headersMs: 10_000, keepAliveMs: 5_000 });
    expect(connectionOptions(config).http).toEqual({
      requestTimeout: 10_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1000,
    });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '30', HEADERS_TIMEOUT_SECONDS: '5' }).timeouts.requestMs).toBe(30_000);
  });
});

describe('requests the parser refuses', () => {
  it('answers an address too long for the parser with 414 in the JSON error shape', async () => {
    const result = await exchange(
      `GET /api/campaigns/search?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    const reply = parse(result.text);
    expect(reply.status).toBe(414);
    expect(reply.head).toContain('content-type: application/json');
    expect(reply.body).toEqual({ message: 'The web address is too long.', code: 'uri_too_long' });
  });

  it('answers an address over our own limit with 414 too', async () => {
    const result = await exchange(
      `GET /campaigns?x=${'a'.repeat(10_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    const reply = parse(result.text);
    expect(reply.status).toBe(414);
    expect(reply.body.code).toBe('uri_too_long');
  });

  it('answers a path parameter over the router limit with 414', async () => {
    const result = await exchange(
      `GET /api/campaigns/${'7'.repeat(300)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    const reply = parse(result.text);
    expect(reply.status).toBe(414);
    expect(reply.body.code).toBe('uri_too_long');
  });

  it('answers headers too large with 431 in the JSON error shape', async () => {
    const result = await exchange(
      `GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'b'.repeat(20_000)}\r\n\r\n`,
    );
    const reply = parse(result.text);
    expect(reply.status).toBe(431);
    expect(reply.body).toEqual({ message: 'The request headers are too large.', code: 'headers_too_large' });
  });

  it('answers a request that is not HTTP with 400 in the JSON error shape', async () => {
    const result = await exchange('HELLO THERE\r\n\r\n');
    const reply = parse(result.text);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('bad_request');
  });
});
