import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, selectRows } from './client';
import {
  acquireDataDirLock,
  DataDirLockedError,
  lockPathFor,
  processStartTime,
  type LockHolder,
} from './data-dir-lock';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const holderScript = path.join(root, 'server', 'test', 'hold-data-dir.ts');

let scratch: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Starts a process that opens `dir` and resolves with the first line it prints. */
function startHolder(mode: 'pglite' | 'lock', dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, mode, dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const newline = out.indexOf('\n');
      if (newline >= 0) resolve({ child, line: out.slice(0, newline) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`holder exited (${code}) before reporting: ${out}${err}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** The pid of a process that has exited (and been collected), as a crashed server leaves behind. */
function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(done.stdout.trim());
}

function writeLock(dir: string, holder: Partial<LockHolder>) {
  const full: LockHolder = {
    pid: 1,
    hostname: os.hostname(),
    startTime: null,
    since: '2026-01-01T00:00:00.000Z',
    nonce: Math.random().toString(36).slice(2),
    ...holder,
  };
  fs.mkdirSync(path.dirname(lockPathFor(dir)), { recursive: true });
  fs.writeFileSync(lockPathFor(dir), JSON.stringify(full));
}

function readHolder(dir: string): LockHolder {
  return JSON.parse(fs.readFileSync(lockPathFor(dir), 'utf8')) as LockHolder;
}

describe('embedded database lock across processes', () => {
  it(
    'refuses a second process while the first holds the database, and opens after the holder is killed',
    { timeout: 90_000 },
    async () => {
      const dir = path.join(scratch, 'pglite');
      const { child, line } = await startHolder('pglite', dir);
      expect(line).toBe('ready');

      const error = await openPglite({ dataDir: dir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DataDirLockedError);
      const message = (error as Error).message;
      expect(message).toContain(`pid ${child.pid}`);
      expect(message).toContain(`host ${os.hostname()}`);
      expect(message).toMatch(/since \d{4}-\d\d-\d\dT/);
      expect(message).toMatch(/stop that process first/);

      // A third process is refused the same way, with the reason on its output.
      const third = await startHolder('pglite', dir).catch((e: Error) => ({ line: e.message }));
      expect(third.line).toContain(`pid ${child.pid}`);

      await killHard(child);
      // The lock file is still there (nothing released it), yet its process is gone.
      expect(readHolder(dir).pid).toBe(child.pid);
      const reopened = await openPglite({ dataDir: dir });
      try {
        const rows = await selectRows<{ pid: number }>(reopened.db, sql`select pid from held_by`);
        expect(rows.map((r) => r.pid)).toEqual([child.pid]);
        expect(readHolder(dir).pid).toBe(process.pid);
      } finally {
        await reopened.close();
      }
      expect(fs.existsSync(lockPathFor(dir))).toBe(false);
    },
  );

  it('lets exactly one of several processes take over a stale lock at once', { timeout: 60_000 }, async () => {
    const dir = path.join(scratch, 'race');
    writeLock(dir, { pid: deadPid() });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => startHolder('lock', dir).catch((e: Error) => ({ line: e.message }))),
    );
    const lines = results.map((r) => r.line);
    expect(lines.filter((l) => l === 'acquired')).toHaveLength(1);
    expect(lines.filter((l) => l.includes('refused: The embedded database'))).toHaveLength(3);
    const winner = results.find((r) => r.line === 'acquired') as { child: ChildProcess };
    expect(readHolder(dir).pid).toBe(winner.child.pid);
    expect(fs.readdirSync(scratch).filter((name) => name.includes('takeover'))).toEqual([]);
  });
});

describe('embedded database lock files', () => {
  it('takes over a lock left by a process that no longer exists', () => {
    const dir = path.join(scratch, 'dead');
    const pid = deadPid();
    writeLock(dir, { pid, startTime: '12345' });
    const lock = acquireDataDirLock(dir);
    expect(readHolder(dir)).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    lock.release();
    expect(fs.existsSync(lockPathFor(dir))).toBe(false);
  });

  it('treats a live pid with a different start time as a reused pid, so the lock is stale', () => {
    const dir = path.join(scratch, 'reused');
    // pid 1 is always running; the start time recorded is not its own.
    writeLock(dir, { pid: 1, startTime: 'not-its-start-time' });
    const lock = acquireDataDirLock(dir);
    expect(readHolder(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('treats a lock carrying our own pid as stale (a restarted container reuses its pid)', () => {
    const dir = path.join(scratch, 'own-pid');
    writeLock(dir, { pid: process.pid, startTime: processStartTime(process.pid) });
    const lock = acquireDataDirLock(dir);
    expect(readHolder(dir).nonce).not.toBeUndefined();
    lock.release();
  });

  it('refuses a lock held by a live process, naming it', () => {
    const dir = path.join(scratch, 'live');
    const startTime = processStartTime(1);
    writeLock(dir, { pid: 1, startTime, since: '2026-02-03T04:05:06.000Z' });
    expect(() => acquireDataDirLock(dir)).toThrow(`pid 1 on host ${os.hostname()}, since 2026-02-03T04:05:06.000Z`);
    expect(readHolder(dir).pid).toBe(1);
  });

  it('refuses a lock from another host and says how to remove it', () => {
    const dir = path.join(scratch, 'other-host');
    writeLock(dir, { pid: 4242, hostname: 'db-box-2' });
    let message = '';
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('pid 4242 on host db-box-2');
    expect(message).toContain(`delete ${lockPathFor(dir)}`);
    expect(readHolder(dir).hostname).toBe('db-box-2');
  });

  it('refuses a second open of the same directory in this process', () => {
    const dir = path.join(scratch, 'twice');
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over an empty lock file once its writer has had time to finish', () => {
    const dir = path.join(scratch, 'empty');
    fs.mkdirSync(scratch, { recursive: true });
    fs.writeFileSync(lockPathFor(dir), '');
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockPathFor(dir), old, old);
    const lock = acquireDataDirLock(dir);
    expect(readHolder(dir).pid).toBe(process.pid);
    lock.release();
  });
});
