/**
 * The server compiled for production (decision 0059): esbuild bundles server/main.ts and the command
 * line tools into dist/server as plain ES modules that `node` runs with no TypeScript loader.
 * Packages stay in node_modules (imported by name, as the source does); everything of ours is bundled,
 * and what a file loads with `import()` on first use becomes a chunk of its own, loaded as late as the
 * source asks for it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** What `npm start`, `npm run admin:create`, `npm run backup` and `npm run restore` run. */
export const SERVER_ENTRIES = [
  'server/main.ts',
  'server/cli/create-admin.ts',
  'server/cli/backup.ts',
  'server/cli/restore.ts',
];
export const SERVER_OUT_DIR = 'dist/server';

/**
 * The server finds its shipped files (migrations, fonts, demo images) beside its source files through
 * `import.meta.url`. Bundled, every file would share the bundle's address, so each file's own is put
 * back: the address of its source file, reached from the bundle's place, which the image keeps as it
 * is in the repository (dist/server beside server/).
 */
function sourceAddresses(root: string, outDir: string): esbuild.Plugin {
  return {
    name: 'source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await fs.readFile(args.path, 'utf8');
        if (!args.path.startsWith(root + path.sep) || !/import\.meta\.(url|dirname|filename)/.test(text)) {
          return { contents: text, loader: 'ts' };
        }
        const fromBundle = path.relative(path.join(root, outDir), args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        return {
          contents: text
            .replaceAll('import.meta.url', `${url}.href`)
            .replaceAll('import.meta.dirname', `decodeURIComponent(new URL('.', ${url}).pathname).replace(/\\/$/, '')`)
            .replaceAll('import.meta.filename', `decodeURIComponent(${url}.pathname)`),
          loader: 'ts',
        };
      });
    },
  };
}

export async function buildServer(root = process.cwd()): Promise<void> {
  const outDir = path.join(root, SERVER_OUT_DIR);
  await fs.rm(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces name the source's files and lines (node --enable-source-maps, set by npm start).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceAddresses(root, SERVER_OUT_DIR)],
  });
}
