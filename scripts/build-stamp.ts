import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What `vite build` reads: the web app, the contract it imports, the build's own settings and the
 * locked package versions. Test files are left out: nothing in the build imports them.
 */
const INPUTS = ['web', 'contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/** Written last by a build that finished, so an interrupted build is never taken as current. */
export const STAMP_FILE = 'dist/build-stamp.json';
/** Files the server needs from a build; a stamp without them is not a build. */
const OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js'];

function inputFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) {
      if (!/\.test\.tsx?$/.test(relative)) found.push(relative);
      return;
    }
    for (const entry of fs.readdirSync(full)) walk(path.join(relative, entry));
  };
  for (const input of INPUTS) walk(input);
  return found.sort();
}

/**
 * A digest of the build's inputs: every file's path and contents. Reading them (about 2 MB) costs
 * tens of milliseconds; unlike modification times it does not call a checkout or a copy into a
 * container a change, and it sees a file put back as it was.
 */
export function sourceDigest(root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function writeStamp(digest: string, root = process.cwd()): void {
  fs.writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);
}

/** Whether dist/ holds a finished build of exactly the sources as they are now. */
export function buildIsCurrent(root = process.cwd()): boolean {
  if (OUTPUTS.some((file) => !fs.existsSync(path.join(root, file)))) return false;
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8')) as { digest?: unknown };
    return stamp.digest === sourceDigest(root);
  } catch {
    return false;
  }
}
