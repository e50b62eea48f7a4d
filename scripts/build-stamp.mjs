// @ts-check
// Plain JavaScript: `npm start` reads the stamp with `node` alone, before anything is built (decision 0059).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a build reads: the web app, the server, the contract both import, the build's own settings
 * and the locked package versions. Test files are left out: nothing in the build imports them. Of
 * the server only its code counts; the files it ships (migrations, fonts, images) are read where
 * they are, not built.
 */
const INPUTS = [
  'web',
  'contract',
  'server',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/build.ts',
  'scripts/build-server.ts',
];
/** Written last by a build that finished, so an interrupted build is never taken as current. */
export const STAMP_FILE = 'dist/build-stamp.json';
/** Files the server needs from a build; a stamp without them is not a build. */
const OUTPUTS = ['dist/web/index.html', 'dist/ssr/entry-server.js', 'dist/server/main.js'];

/** @param {string} relative */
const isInput = (relative) =>
  !/\.test\.tsx?$/.test(relative) &&
  (!relative.startsWith(`server${path.sep}`) || /\.tsx?$/.test(relative)) &&
  !relative.startsWith(path.join('server', 'test') + path.sep);

/** @param {string} root @returns {string[]} */
function inputFiles(root) {
  /** @type {string[]} */
  const found = [];
  /** @param {string} relative */
  const walk = (relative) => {
    const full = path.join(root, relative);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isFile()) {
      if (isInput(relative)) found.push(relative);
      return;
    }
    for (const entry of fs.readdirSync(full)) walk(path.join(relative, entry));
  };
  for (const input of INPUTS) walk(input);
  return found.sort();
}

/**
 * A digest of the build's inputs: every file's path and contents. Reading them (about 5 MB) costs
 * tens of milliseconds; unlike modification times it does not call a checkout or a copy into a
 * container a change, and it sees a file put back as it was.
 * @param {string} [root]
 */
export function sourceDigest(root = process.cwd()) {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** @param {string} digest @param {string} [root] */
export function writeStamp(digest, root = process.cwd()) {
  fs.writeFileSync(path.join(root, STAMP_FILE), `${JSON.stringify({ digest, builtAt: new Date().toISOString() })}\n`);
}

/**
 * Whether dist/ holds a finished build of exactly the sources as they are now.
 * @param {string} [root]
 */
export function buildIsCurrent(root = process.cwd()) {
  if (OUTPUTS.some((file) => !fs.existsSync(path.join(root, file)))) return false;
  try {
    const stamp = /** @type {{ digest?: unknown }} */ (
      JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'))
    );
    return stamp.digest === sourceDigest(root);
  } catch {
    return false;
  }
}
