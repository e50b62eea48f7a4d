import fs from 'node:fs';

/**
 * CPU seconds spent by processes, read from /proc (Linux): the server processes by pid, and every
 * PostgreSQL process on the machine (its backends and its own background workers). Elsewhere the
 * figures are absent.
 */
const TICKS_PER_SECOND = 100;

function ticks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

function postgresPids(): number[] {
  try {
    return fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export type CpuMark = { server: Map<number, number>; database: Map<number, number>; self: NodeJS.CpuUsage };

export function markCpu(serverPids: readonly number[]): CpuMark {
  const read = (pids: readonly number[]) =>
    new Map(pids.flatMap((pid) => (ticks(pid) === undefined ? [] : [[pid, ticks(pid)!] as [number, number]])));
  return { server: read(serverPids), database: read(postgresPids()), self: process.cpuUsage() };
}

/** CPU seconds since `start`: server processes, PostgreSQL processes, and this (load-generating) process. */
export function cpuSince(start: CpuMark, serverPids: readonly number[]) {
  const end = markCpu(serverPids);
  const delta = (a: Map<number, number>, b: Map<number, number>) =>
    [...b].reduce((sum, [pid, t]) => sum + t - (a.get(pid) ?? 0), 0) / TICKS_PER_SECOND;
  const self = process.cpuUsage(start.self);
  return {
    available: end.server.size > 0,
    server: delta(start.server, end.server),
    database: delta(start.database, end.database),
    loadGenerator: (self.user + self.system) / 1e6,
  };
}
