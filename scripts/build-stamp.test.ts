import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, sourceDigest, writeStamp } from './build-stamp.mjs';

let root = '';
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** A finished build of the sources as they are: its outputs, then its stamp. */
const built = () => {
  write('dist/web/index.html', '<!doctype html>');
  write('dist/ssr/entry-server.js', 'export {}');
  write('dist/server/main.js', 'export {}');
  writeStamp(sourceDigest(root), root);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-stamp-'));
  write('web/main.tsx', 'render()');
  write('web/lib/format.test.ts', 'test()');
  write('contract/money.ts', 'export const kobo = 100;');
  write('server/main.ts', 'listen()');
  write('server/app.test.ts', 'test()');
  write('server/db/seed/images/photo.webp', 'RIFF');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('whether npm start needs to build', () => {
  it('builds when there is no build, or a build without its stamp', () => {
    expect(buildIsCurrent(root)).toBe(false);
    built();
    fs.rmSync(path.join(root, 'dist/build-stamp.json'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('starts from the build when the sources are those it was built from', () => {
    built();
    expect(buildIsCurrent(root)).toBe(true);
    // Touched, or copied with new times, but the same contents: still current.
    const file = path.join(root, 'web/main.tsx');
    fs.utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('builds again when the web app, the server, the contract, the build settings or the packages change', () => {
    for (const [file, text] of [
      ['web/main.tsx', 'render(); hydrate()'],
      ['web/features/new-page.tsx', 'export {}'],
      ['contract/money.ts', 'export const kobo = 1;'],
      ['server/main.ts', 'listen(); log()'],
      ['server/modules/new-module/queries.ts', 'export {}'],
      ['vite.config.ts', 'export default { base: "/" }'],
      ['package-lock.json', '{"lockfileVersion":3}'],
    ]) {
      built();
      write(file!, text!);
      expect(buildIsCurrent(root), file).toBe(false);
    }
  });

  it('does not build for a changed test file, or when an output is missing builds again', () => {
    built();
    write('web/lib/format.test.ts', 'test(); test()');
    write('server/app.test.ts', 'test(); test()');
    // A file the server ships is read where it is, not built.
    write('server/db/seed/images/photo.webp', 'RIFF2');
    expect(buildIsCurrent(root)).toBe(true);
    for (const output of ['dist/ssr/entry-server.js', 'dist/server/main.js']) {
      fs.rmSync(path.join(root, output));
      expect(buildIsCurrent(root), output).toBe(false);
      built();
    }
  });
});
