/**
 * The server compiled for production (decision 0059): esbuild bundles server/main.ts and the command
 * line tools into dist/server as plain ES modules that `node` runs with no TypeScript loader.
 * Our code and the plain-JavaScript packages it loads are bundled: Node then reads a few files at
 * start instead of resolving, reading and wrapping some 400 CommonJS files one by one, which halves
 * the time spent loading the app. The packages in `KEPT_IN_NODE_MODULES` stay where they are. What a
 * file loads with `import()` on first use becomes a chunk of its own, loaded as late as the source asks.
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
 * Packages imported by name from node_modules rather than bundled: native addons, packages that find
 * their own files (WebAssembly, fonts, static pages, worker scripts) beside their code, large ones
 * loaded only on first use, and the build's own tools.
 */
export const KEPT_IN_NODE_MODULES = [
  // Native addons and WebAssembly.
  '@electric-sql/pglite',
  'argon2',
  'sharp',
  '@resvg/resvg-js',
  'satori',
  // Their own files beside their code: fonts and metrics, the API reference's pages, log workers.
  'pdfkit',
  'fontkit',
  '@fastify/swagger-ui',
  'pino',
  'thread-stream',
  // Loaded on first use, and large (with the S3 client's scope, below).
  'ioredis',
  'nodemailer',
  'file-type',
  // An optional driver node-postgres asks for only when told to.
  'pg-native',
  // The page drawing is dist/ssr's (vite's build), which imports these itself; the build's tools.
  'react',
  'react-dom',
  'react-router',
  'vite',
  'esbuild',
  'tsx',
]
  .flatMap((name) => [name, `${name}/*`])
  .concat('@aws-sdk/*');

/** Bundled CommonJS calls `require` for Node's own modules; an ES module has none until it makes one. */
const REQUIRE_FOR_BUNDLED_PACKAGES =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

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
    external: KEPT_IN_NODE_MODULES,
    banner: { js: REQUIRE_FOR_BUNDLED_PACKAGES },
    sourcemap: 'linked',
    // Stack traces name the source's files and lines (node --enable-source-maps, set by npm start).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [sourceAddresses(root, SERVER_OUT_DIR)],
  });
}
