import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const webRoot = path.resolve(import.meta.dirname, 'web');

/**
 * Writes `page-chunks.json` beside the build: for each source module under web/ that is not part
 * of the entry's own code, the chunk files it needs (its chunk and every chunk that one imports,
 * and the query client's, which every page loads with its own), less those the entry already loads. The server reads it to name a page's code in its HTML
 * (server/http/page-html.ts). Vite's manifest cannot say this once small chunks are merged.
 */
function pageChunks(): Plugin {
  return {
    name: 'page-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'chunk')
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        const chunk = chunks.get(file);
        if (!chunk || seen.has(file)) return seen;
        seen.add(file);
        for (const imported of chunk.imports) closure(imported, seen);
        return seen;
      };
      // The app's entry (index.html's script) and the light pages' (decision 0058), with the modules
      // each imports, written to entries.json: index.html names none of them (build.modulePreload
      // below), and the server names them where a page needs them (server/http/page-html.ts).
      const entryFiles = new Set<string>();
      for (const chunk of chunks.values())
        if (chunk.isEntry && chunk.name === 'index') closure(chunk.fileName, entryFiles);
      const light = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'light');
      const app = [...chunks.values()].find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (light && app)
        this.emitFile({
          type: 'asset',
          fileName: 'entries.json',
          source: `${JSON.stringify({
            app: { script: app.fileName, imports: [...closure(app.fileName)].slice(1) },
            light: { script: light.fileName, imports: [...closure(light.fileName)].slice(1) },
          })}\n`,
        });
      if (process.env.SHOW_ENTRY)
        for (const c of chunks.values())
          if (c.isEntry)
            console.log(
              c.fileName,
              c.imports,
              c.moduleIds
                .filter((m) => !m.includes('node_modules'))
                .map((m) => path.relative(webRoot, m))
                .join('\n'),
            );
      // Every lazily loaded page renders under the query client's provider, whose code loads beside
      // the page's own (web/app/lazy.tsx): a page needs that module's chunks too.
      const providerModule = path.join(webRoot, 'app', 'query-client.tsx');
      const provider = [...chunks.values()].find((chunk) => chunk.moduleIds.includes(providerModule));
      const providerFiles = provider ? [...closure(provider.fileName)] : [];
      const pages: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        if (entryFiles.has(chunk.fileName)) continue;
        const files = [...new Set([...closure(chunk.fileName), ...providerFiles])].filter(
          (file) => !entryFiles.has(file),
        );
        for (const id of chunk.moduleIds) {
          const source = path.relative(webRoot, id).split(path.sep).join('/');
          if (!source.startsWith('..') && !path.isAbsolute(source)) pages[source] = files;
        }
      }
      this.emitFile({ type: 'asset', fileName: 'page-chunks.json', source: `${JSON.stringify(pages, null, 1)}\n` });
    },
  };
}

/**
 * Every `import ... from 'zod'` in the web app resolves to web/lib/zod.ts, which installs the web's
 * settings (no compiled parsers, plain error sentences) before handing zod on. So they hold before
 * any schema exists without the entry loading zod: it arrives with the first page that builds a
 * schema. web/lib/zod.ts and the error sentences it installs get the package itself.
 */
function webZod(): Plugin {
  const wrapper = path.join(webRoot, 'lib', 'zod.ts');
  const direct = new Set([wrapper, path.resolve(import.meta.dirname, 'contract', 'error-messages.ts')]);
  return {
    name: 'web-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer || direct.has(importer.split('?')[0]!)) return null;
      return wrapper;
    },
  };
}

/**
 * React Router's package names only its development build (warnings, invariant messages); a build
 * takes its production one, as React's own packages do by NODE_ENV. About 3 kB less in the entry.
 */
function reactRouterProduction(): Plugin {
  const production = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'react-router' && fs.existsSync(production) ? production : null),
  };
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each built script,
 * stylesheet and image over 1 KiB, which the server sends as they are (@fastify/static
 * `preCompressed`): smaller than compressing each reply on the fly at a speed-minded level, and no
 * work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    applyToEnvironment: (environment) => environment.name === 'client',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (fs.readdirSync(outDir, { recursive: true }) as string[]).filter((file) =>
        /\.(?:js|css|svg|json)$/.test(file),
      );
      for (const file of files) {
        const full = path.join(outDir, file);
        const bytes = fs.readFileSync(full);
        if (bytes.length < 1024) continue;
        const brotli = zlib.brotliCompressSync(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        });
        fs.writeFileSync(`${full}.br`, brotli);
        fs.writeFileSync(`${full}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * React Aria adds a stylesheet with the id react-aria-pressable-style as an inline <style> unless one
 * is there, which the CSP refuses; its rule is in styles.css, and the app's stylesheet carries the id.
 * One render-blocking request fewer than a stylesheet of its own.
 */
function pressableStyleId(): Plugin {
  return {
    name: 'pressable-style-id',
    applyToEnvironment: (environment) => environment.name === 'client',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"(?= crossorigin href="\/assets\/)/,
          '<link rel="stylesheet" id="react-aria-pressable-style"',
        ),
    },
  };
}

/**
 * Writes offline.html, the page the service worker shows for a page it has not kept (web/offline.html,
 * decision 0046), with the app's own stylesheet, so it wears the site's design without any script.
 */
function offlinePage(): Plugin {
  return {
    name: 'offline-page',
    applyToEnvironment: (environment) => environment.name === 'client',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.name === 'index',
      );
      const styles = entry?.type === 'chunk' ? [...(entry.viteMetadata?.importedCss ?? [])] : [];
      if (styles.length === 0) this.error('offline-page: the entry has no stylesheet to give the offline page');
      const links = styles.map((file) => `<link rel="stylesheet" href="/${file}" />`).join('\n    ');
      const template = fs.readFileSync(path.join(webRoot, 'offline.html'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'offline.html',
        source: template.replace('<!-- app stylesheet -->', links),
      });
    },
  };
}

/**
 * The service worker (web/sw.ts, decision 0046) and the web app manifest. The precache holds the
 * offline page and what it needs, the icons, and the code every first page loads (the entries and
 * the modules they share); the rest of the build's code is kept as the visitor's pages load it, so a
 * first visit on a slow line downloads nothing it did not ask for.
 */
function offlineShell() {
  const firstPageFiles = () => {
    const built = path.resolve(import.meta.dirname, 'dist/web');
    const html = fs.readFileSync(path.join(built, 'index.html'), 'utf8');
    // And what every first page loads beyond it (entries.json): both entries' scripts and the modules
    // they share (React, the header), which index.html does not name.
    type Entry = { script: string; imports: string[] };
    const { app, light } = JSON.parse(fs.readFileSync(path.join(built, 'entries.json'), 'utf8')) as Record<
      'app' | 'light',
      Entry
    >;
    return new Set([
      ...[...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]),
      app.script,
      light.script,
      ...app.imports.filter((file) => light.imports.includes(file)),
    ]);
  };
  // The server's build (the ssr environment below) has no use for a worker or a manifest.
  const plugins = VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    // Registered by a few lines of our own after the page has loaded (web/main.tsx).
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Gift of Independence',
      short_name: 'Gift of Independence',
      description:
        'Fund braille displays, screen-reader laptops, smart canes and other assistive technology for blind and visually impaired Nigerians.',
      lang: 'en-NG',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The brand orange and the dark theme's page colour (web/styles.css).
      theme_color: '#e46809',
      background_color: '#030712',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['offline.html', 'theme-init.js', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css,woff2}'],
      manifestTransforms: [
        (entries) => {
          const named = firstPageFiles();
          const kept = entries.filter((entry) => !/\.js$/.test(entry.url) || named.has(entry.url));
          return { manifest: kept, warnings: [] };
        },
      ],
    },
  });
  return plugins.map((plugin) => ({
    ...plugin,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
  }));
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    webZod(),
    reactRouterProduction(),
    react(),
    tailwindcss(),
    pageChunks(),
    pressableStyleId(),
    offlinePage(),
    offlineShell(),
    precompress(),
  ],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': webRoot,
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // index.html names no module for early download: a drawn page paints without scripts, and early
    // downloads of high priority would share a slow line with its stylesheet and top image. The
    // server names the entry's modules for a page it did not draw (entries.json). A dynamic import
    // still fetches its chunk's imports beside it.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps) },
    // WEB_MINIFY=0 keeps the names in the built code, for reading a CPU profile of a page's load.
    minify: process.env.WEB_MINIFY !== '0',
    rollupOptions: {
      // No merging of small chunks (Rollup's experimentalMinChunkSize): it merged small shared
      // modules into zod's chunk, which then loaded on pages that build no schema (28 kB gzipped on
      // the home and campaign pages), and at larger sizes whole pages into the entry. The public
      // pages are drawn by the server (decision 0022), so their first paint waits for no script and
      // the number of files costs less than the bytes (decision 0050).
      output: {},
      // The app, and the light pages' islands (decision 0058).
      input: { index: path.join(webRoot, 'index.html'), light: path.join(webRoot, 'light.tsx') },
    },
  },
  // `vite build` builds both: the web app (dist/web) and the server's drawing of the public pages
  // (dist/ssr/entry-server.js, decision 0022). That one carries its packages, React's production
  // build among them (React picks its build by NODE_ENV, which the server does not set).
  builder: {},
  environments: {
    ssr: {
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: path.resolve(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: { input: path.join(webRoot, 'entry-server.tsx'), output: { inlineDynamicImports: true } },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
