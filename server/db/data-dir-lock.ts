import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is PostgreSQL compiled to run inside one process: a second process opening the same
 * directory does not fail, it silently keeps its own view and the two overwrite each other's files.
 * This lock makes the second opener refuse instead.
 *
 * The lock file names its holder by pid, hostname and the process's start time, because a pid
 * alone is reused (a restarted container is often pid 1 again): the lock counts as held only while
 * that exact process still runs.
 */

export type LockHolder = {
  pid: number;
  hostname: string;
  /** Linux: field 22 of /proc/<pid>/stat (clock ticks after boot); null where there is no /proc. */
  startTime: string | null;
  /** ISO time the lock was taken. */
  since: string;
  /** Unique per acquisition, so a lock is never mistaken for another with the same pid. */
  nonce: string;
};

export type DataDirLock = {
  readonly path: string;
  release(): void;
};

export class DataDirLockedError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder,
    readonly lockPath: string,
  ) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/** Lock files of this process, so a second open in the same process is refused too. */
const heldHere = new Map<string, LockHolder>();

/** A file being written by its creator (created, content not yet written) is given this long. */
const WRITING_GRACE_MS = 2000;

export function lockPathFor(dataDir: string): string {
  // Beside the directory, not inside it: PGlite's snapshots (dumpDataDir) would otherwise carry it.
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.lock`);
}

/** Start time of a process from /proc, or null when it cannot be read (not Linux, or no such process). */
export function processStartTime(pid: number): string | null {
  const stat = readProcStat(pid);
  return stat?.startTime ?? null;
}

function readProcStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2 is the command name in parentheses and may itself hold spaces or ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // `rest` starts at field 3 (state); field 22 is therefore rest[19].
  const state = rest[0];
  const startTime = rest[19];
  if (!state || !startTime) return null;
  return { state, startTime };
}

const hasProc = (() => {
  try {
    return fs.statSync(`/proc/${process.pid}/stat`).isFile();
  } catch {
    return false;
  }
})();

/** Whether the exact process named by `holder` (on this host) is still running. */
function isAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  if (hasProc) {
    const stat = readProcStat(holder.pid);
    if (!stat) return false;
    // A zombie has exited; only its parent has not collected it yet.
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return holder.startTime === null || holder.startTime === stat.startTime;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.hostname !== 'string' || typeof value.nonce !== 'string')
      return null;
    return {
      pid: value.pid,
      hostname: value.hostname,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      nonce: value.nonce,
    };
  } catch {
    return null;
  }
}

function me(): LockHolder {
  return {
    pid: process.pid,
    hostname: os.hostname(),
    startTime: processStartTime(process.pid),
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('hex'),
  };
}

/** Creates `file` holding `holder` only if no file of that name exists; false when one does. */
function createExclusive(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, `${JSON.stringify(holder)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

type Seen = { holder: LockHolder | null; text: string; ageMs: number; key: string };

function readLock(file: string): Seen | null {
  try {
    const stat = fs.statSync(file);
    const text = fs.readFileSync(file, 'utf8');
    const holder = parseHolder(text);
    // Identifies this particular lock file, so a takeover guard never applies to a later one.
    const key = holder ? holder.nonce : `unreadable-${stat.ino}-${Math.trunc(stat.mtimeMs)}`;
    return { holder, text, ageMs: Date.now() - stat.mtimeMs, key };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function describe(holder: LockHolder): string {
  return `pid ${holder.pid} on host ${holder.hostname}, since ${holder.since}`;
}

function refusal(dataDir: string, lockPath: string, holder: LockHolder): DataDirLockedError {
  const here = os.hostname();
  const message =
    holder.hostname === here
      ? `The embedded database in ${dataDir} is already open in another server process (${describe(holder)}). ` +
        'Only one process may use an embedded PGlite database at a time: stop that process first, or point both ' +
        'at one PostgreSQL server with DATABASE_URL to run several.'
      : `The embedded database in ${dataDir} is locked by a process on another host (${describe(holder)}), which ` +
        `cannot be checked from this host (${here}). If that server is no longer running, delete ${lockPath} and start again; ` +
        'if it is, stop it first, or use one PostgreSQL server (DATABASE_URL) for several processes.';
  return new DataDirLockedError(message, holder, lockPath);
}

/**
 * Takes the lock for `dataDir`, or throws DataDirLockedError naming the live holder.
 * A lock left by a process that is gone (crashed, killed) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = lockPathFor(dataDir);
  const already = heldHere.get(lockPath);
  if (already) {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is already open in this process; close it before opening it again.`,
      already,
      lockPath,
    );
  }
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const self = me();
  const deadline = Date.now() + 10_000;

  for (;;) {
    if (Date.now() > deadline) {
      throw new Error(
        `Could not take the lock ${lockPath}: it kept changing. Is another server starting on ${dataDir}?`,
      );
    }
    if (createExclusive(lockPath, self)) break;

    const seen = readLock(lockPath);
    if (!seen) continue; // released between our attempt and the read
    if (!seen.holder) {
      // Empty or cut short: either its creator is still writing it, or it crashed while doing so.
      if (seen.ageMs < WRITING_GRACE_MS) {
        sleep(50);
        continue;
      }
    } else if (seen.holder.hostname !== os.hostname()) {
      throw refusal(dataDir, lockPath, seen.holder);
    } else if (isAlive(seen.holder)) {
      throw refusal(dataDir, lockPath, seen.holder);
    }
    takeOver(lockPath, seen, self);
  }

  heldHere.set(lockPath, self);
  const onExit = () => removeIfOurs(lockPath, self);
  process.once('exit', onExit);
  let released = false;
  return {
    path: lockPath,
    release() {
      if (released) return;
      released = true;
      process.off('exit', onExit);
      heldHere.delete(lockPath);
      removeIfOurs(lockPath, self);
    },
  };
}

function removeIfOurs(lockPath: string, self: LockHolder) {
  const seen = readLock(lockPath);
  if (seen?.holder?.nonce === self.nonce) fs.rmSync(lockPath, { force: true });
}

/**
 * Removes a dead holder's lock so the caller can retry creating its own. Several processes may
 * find the same dead lock at once; removing it is guarded by a file named after that lock, made
 * with 'wx', so only one of them removes it, and only after checking it is still that same lock
 * (it may by then have been replaced by a live one). A guard whose maker died is skipped by
 * moving to the next generation's name, so guards never need removing while in dispute.
 */
function takeOver(lockPath: string, seen: Seen, self: LockHolder) {
  for (let generation = 0; generation < 20; generation += 1) {
    const guard = `${lockPath}.takeover-${seen.key}-${generation}`;
    if (!createExclusive(guard, self)) {
      const other = readLock(guard);
      if (!other) continue;
      const otherAlive = other.holder
        ? other.holder.hostname !== os.hostname() || isAlive(other.holder)
        : other.ageMs < WRITING_GRACE_MS;
      if (otherAlive) {
        // Another process is taking over this lock right now; look again once it is done.
        sleep(50);
        return;
      }
      continue;
    }
    try {
      const now = readLock(lockPath);
      if (now && now.key === seen.key) fs.rmSync(lockPath, { force: true });
    } finally {
      fs.rmSync(guard, { force: true });
    }
    cleanUpGuards(lockPath, seen.key);
    return;
  }
  throw new Error(
    `Could not take over the stale lock ${lockPath}; delete it and the ${path.basename(lockPath)}.takeover-* files beside it, then start again.`,
  );
}

/** Guards of earlier generations for a lock that no longer exists are left by crashed processes. */
function cleanUpGuards(lockPath: string, key: string) {
  const prefix = `${path.basename(lockPath)}.takeover-${key}-`;
  for (const name of fs.readdirSync(path.dirname(lockPath))) {
    if (name.startsWith(prefix)) fs.rmSync(path.join(path.dirname(lockPath), name), { force: true });
  }
}
