import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A port nothing listens on at this moment, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Asks `url` every 20 ms until it answers 200; throws after `timeoutMs` or when `gaveUp` says so. */
export async function waitFor200(url: string, timeoutMs: number, gaveUp: () => string | undefined = () => undefined) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(reason);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export type AppProcess = {
  child: ChildProcess;
  url: string;
  /** From spawning the process to the first 200 from /api/health/ready. */
  readyMs: number;
  /** SIGTERM, then SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void>;
};

/**
 * Runs `entry` (server/main.ts through tsx, or scripts/start.mjs, which builds first when stale and runs the
 * compiled server) on `port` with
 * `env` over the current environment, and resolves once `/api/health/ready` answers 200. Its output is
 * kept and shown if it fails to start.
 */
export async function startApp(options: {
  entry?: string;
  port: number;
  env: Record<string, string>;
  timeoutMs?: number;
  label?: string;
}): Promise<AppProcess> {
  const started = performance.now();
  const entry = options.entry ?? 'server/main.ts';
  // JavaScript (the compiled server, scripts/start.mjs) runs on plain node, as it does in production.
  const loader = /\.m?js$/.test(entry) ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, entry], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...options.env, PORT: String(options.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const stop = () => stopProcess(child);
  try {
    await waitFor200(`${url}/api/health/ready`, options.timeoutMs ?? 120_000, () =>
      child.exitCode !== null || child.signalCode !== null
        ? `${options.label ?? 'the server'} exited before it was healthy (${child.exitCode ?? child.signalCode}):\n${output}`
        : undefined,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, readyMs: performance.now() - started, stop };
}

/** Ends a process: SIGTERM, and SIGKILL if it is still there after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
