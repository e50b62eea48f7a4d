import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openPglite, type Database } from './db/client';
import { eventually, openTestDatabase } from './test/harness';

/**
 * The real server process, stopped with SIGTERM while a request is under way: the request still
 * gets its answer, new connections are refused, and the process leaves with code 0.
 */
describe('a server stopped with SIGTERM', () => {
  let dataDir: string;
  let database: Database | undefined;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-stop-'));
    if (inject('templateKind') === 'postgres') {
      database = await openTestDatabase();
    } else {
      // The migrated template, written out as the embedded database the server opens.
      const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
      const copy = await openPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: new Blob([snapshot]) });
      await copy.close();
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function startServer(): Promise<{ port: number; output: () => string; exited: Promise<number | null> }> {
    return new Promise((resolve, reject) => {
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: database?.url ?? '',
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          SEED_DEMO: 'false',
          PUBLIC_URL: 'http://localhost:3000',
          // The slow request below is held open by the test, not by a slow client: no 408 for it.
          REQUEST_TIMEOUT_SECONDS: '120',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      const exited = new Promise<number | null>((done) => child!.once('exit', (code) => done(code)));
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /running at http:\/\/[^:]+:(\d+)/.exec(out);
        if (match) resolve({ port: Number(match[1]), output: () => out, exited });
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
      });
      void exited.then((code) => reject(new Error(`server exited early (${code}):\n${out}`)));
    });
  }

  /** Whether a new connection to `port` is refused. */
  const refused = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });

  it('finishes the request in flight, refuses new connections and exits 0', async () => {
    const server = await startServer();
    // Just after start-up the search index is still being built and the job queue makes its first
    // calls, all on the same database, and a readiness check that hears nothing from the database
    // within 3 s answers 503: on a busy machine the first answers may say "not yet". The stop is
    // tried only on a server that has said it is ready.
    await eventually(
      'the server to say it is ready',
      async () => {
        const reply = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
        await reply.arrayBuffer();
        return reply.status;
      },
      (status) => status === 200,
      60_000,
    );

    // A request whose body arrives in two parts, the second only after the stop has begun. The
    // server's "100 Continue" says it has taken the request in hand before the signal is sent.
    const body = JSON.stringify({ email: 'slow.sender@example.org' });
    const socket = net.connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /api/receipts/resend HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await eventually(
      "the server's 100 Continue",
      async () => received,
      (text) => text.startsWith('HTTP/1.1 100'),
    );
    expect(received).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write(body.slice(0, 10));

    child!.kill('SIGTERM');
    await eventually(
      'the server to refuse new connections',
      () => refused(server.port),
      (r) => r,
      30_000,
    );
    // Still running: the request in flight holds the stop open.
    expect(child!.exitCode).toBeNull();

    socket.write(body.slice(10));
    // The reply closes the connection: the server takes no further request on it.
    await ended;
    const reply = received.slice(received.indexOf('\r\n\r\n') + 4);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(reply.toLowerCase()).toContain('connection: close');

    // A generous bound: stopping waits at most 10 s for requests and 10 s for jobs.
    const code = await Promise.race([
      server.exited,
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 60_000)),
    ]);
    expect(code, server.output()).toBe(0);
    expect(server.output()).toContain('Stopped.');
  }, 180_000);
});
