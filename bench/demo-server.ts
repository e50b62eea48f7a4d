import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Starts a process and resolves with the first match of `pattern` in its output. */
export function startAndWaitFor(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
  stream: 'stdout' | 'stderr',
) {
  return new Promise<{ child: ChildProcess; match: RegExpExecArray }>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${command} did not start within 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const match = pattern.exec(out);
      if (match) {
        clearTimeout(timer);
        child[stream]!.off('data', onData);
        resolve({ child, match });
      }
    };
    child[stream]!.on('data', onData);
    // Keep draining both pipes so a chatty process never blocks on a full one.
    child.stdout!.resume();
    child.stderr!.resume();
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited early with code ${code}:\n${out}`));
    });
  });
}

export function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function firstId(baseUrl: string, apiPath: string): Promise<number> {
  const response = await fetch(`${baseUrl}${apiPath}`);
  const list = (await response.json()) as Array<{ id: number }>;
  if (!list[0]) throw new Error(`${apiPath} returned no campaigns`);
  return list[0].id;
}

export type DemoServer = {
  baseUrl: string;
  /** The public pages a visitor from a shared link meets first, with a label each. */
  pages: Array<{ label: string; path: string }>;
  /** The other public pages a visitor may land on: reading matter, the public ledger, receipts again. */
  otherPages: Array<{ label: string; path: string }>;
  recipientCampaign: string;
  stop(): Promise<void>;
};

/**
 * The built app (dist/web, dist/ssr) served by `server/main.ts` on the embedded database with the
 * demo data, in a temporary DATA_DIR that `stop()` removes.
 */
export async function startDemoServer(): Promise<DemoServer> {
  if (!fs.existsSync(path.resolve('dist/web/index.html')))
    throw new Error('dist/web is missing: run `npx vite build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-demo-'));
  const started = await startAndWaitFor(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts'],
    {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    /running at (http:\/\/\S+)/,
    'stdout',
  ).catch((error: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const baseUrl = started.match[1]!.replace('localhost', '127.0.0.1');
  const stop = async () => {
    await stopProcess(started.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const recipientId = await firstId(baseUrl, '/api/campaigns?limit=1');
    const organizationId = await firstId(baseUrl, '/api/org-campaigns/active?limit=1');
    const recipientCampaign = `/campaigns/${recipientId}`;
    return {
      baseUrl,
      recipientCampaign,
      pages: [
        { label: 'home', path: '/' },
        { label: 'campaign list', path: '/campaigns' },
        { label: 'recipient campaign', path: recipientCampaign },
        { label: 'organization campaign', path: `/campaigns/org-${organizationId}` },
        { label: 'search', path: '/search' },
        { label: 'sign in', path: '/login' },
      ],
      otherPages: [
        { label: 'about', path: '/about' },
        { label: 'how it works', path: '/how-it-works' },
        { label: 'help', path: '/help' },
        { label: 'supported states', path: '/supported-states' },
        { label: 'organizations', path: '/organizations' },
        { label: 'terms', path: '/terms-of-service' },
        { label: 'privacy', path: '/privacy-policy' },
        { label: 'public ledger', path: '/transparency' },
        { label: 'receipts again', path: '/receipts' },
      ],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
