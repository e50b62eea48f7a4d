/**
 * `npm run build`: the web app and the server's drawing of the public pages (`vite build`, which
 * writes dist/web and dist/ssr), the server compiled to dist/server (build-server.ts), then a stamp of
 * the sources it built from. With `--if-stale` it builds only when the stamp does not match the
 * sources. Other arguments go to vite.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIsCurrent, sourceDigest, STAMP_FILE, writeStamp } from './build-stamp.mjs';
import { buildServer } from './build-server';

/** Builds the sources as they are now; the stamp carries their digest from before the build began. */
export async function build(viteArgs: string[] = []): Promise<void> {
  const digest = sourceDigest();
  // Until this build finishes, dist/ is no build of anything.
  fs.rmSync(STAMP_FILE, { force: true });
  const quiet = viteArgs.includes('--logLevel');
  const say = (line: string) => {
    if (!quiet) console.log(line);
  };
  say('Building the web app (vite build)...');
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', ...viteArgs], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build failed (exit code ${code})`);
  say('Compiling the server (esbuild)...');
  await buildServer();
  writeStamp(digest);
  say('Built: dist/web, dist/ssr and dist/server.');
}

/** Builds when the sources differ from the last finished build; answers whether it built. */
export async function buildIfStale(viteArgs: string[] = []): Promise<boolean> {
  if (buildIsCurrent()) return false;
  console.log('The app is not built from these sources: building it (npm run build)...');
  await build(viteArgs);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const ifStale = args.includes('--if-stale');
  const viteArgs = args.filter((a) => a !== '--if-stale');
  try {
    if (ifStale) await buildIfStale(viteArgs);
    else await build(viteArgs);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
