import path from 'node:path';

/**
 * Import boundaries as a table of zones. Every import form is read (static, `import type`,
 * `export ... from`, `import()` with a fixed string, `require`, `import x = require()`, `import('x')`
 * types), its specifier resolved to a path in the repository (relative paths, the `@/` and
 * `@contract/` aliases of tsconfig.json and vite.config.ts, and the folder names tsconfig.json's
 * `baseUrl` lets the compiler resolve), and the importing file's zone checked against the target's.
 * Packages have no zone and are never refused.
 */

const root = path.resolve(import.meta.dirname, '..');

/** Where a repository path sits; the first match wins. `name` is the feature or module folder. */
const ZONES = [
  { zone: 'contract', pattern: /^contract\// },
  { zone: 'web-app', pattern: /^web\/app\// },
  { zone: 'web-feature', pattern: /^web\/features\/([^/]+)\// },
  { zone: 'web-shared', pattern: /^web\/(?:ui|lib)\// },
  { zone: 'web', pattern: /^web\// },
  { zone: 'server-module', pattern: /^server\/modules\/([^/]+)\// },
  { zone: 'server-infra', pattern: /^server\/(?:http|db|jobs|providers)\// },
  { zone: 'server', pattern: /^server\// },
];

const WEB = ['web', 'web-app', 'web-feature', 'web-shared'];
const SERVER = ['server', 'server-module', 'server-infra'];

const otherFolder = (from, to) => from.name !== to.name;

/**
 * What each zone may not import, one row per boundary; an import gets the first row that refuses it.
 * `tests: false` leaves test files out of a row: they drive the assembled app and may read any part of it.
 */
const BANS = [
  {
    from: WEB,
    to: SERVER,
    message: 'The web app talks to the server only over HTTP; share types through contract/.',
  },
  {
    from: [...SERVER, 'contract'],
    to: WEB,
    message: 'The server and contract never import the web app; share types through contract/.',
  },
  {
    from: ['contract'],
    to: SERVER,
    message: 'contract/ is shared by web and server, so it imports neither.',
  },
  {
    from: ['web-shared'],
    to: ['web-feature', 'web-app'],
    message: 'web/ui and web/lib are shared by every feature, so they import no feature and not the app shell.',
  },
  {
    from: ['web-feature'],
    to: ['web-app'],
    message: 'Features do not import the app shell; web/app composes them.',
  },
  {
    from: ['web-feature'],
    to: ['web-feature'],
    when: otherFolder,
    message:
      'Features do not import each other: move shared code to web/lib (see docs/decisions/0010) or compose in web/app.',
  },
  {
    from: ['server-module'],
    to: ['server-module'],
    when: (from, to) => otherFolder(from, to) && /routes$/.test(to.base),
    tests: false,
    message: 'Modules call each other’s use-cases or queries, never their routes.',
  },
  {
    from: ['server-infra'],
    to: ['server-module'],
    tests: false,
    message:
      'server/http, server/db, server/jobs and server/providers import no module; app.ts, main.ts and register-jobs.ts compose them.',
  },
];

const toPosix = (p) => p.split(path.sep).join('/');

/** The zone of a repository path (`web/lib/api`, with or without its extension), or null outside every zone. */
function zoneOf(repoPath) {
  const withSlash = `${repoPath}/`;
  for (const { zone, pattern } of ZONES) {
    const match = pattern.exec(withSlash);
    if (match) return { zone, name: match[1], base: path.posix.basename(repoPath).replace(/\.[cm]?[jt]sx?$/, '') };
  }
  return null;
}

/** The repository path a specifier names from a file, or null for a package or a path outside the repository. */
function resolveSpecifier(specifier, fromFile) {
  let absolute;
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    absolute = path.resolve(path.dirname(fromFile), specifier);
  } else if (specifier.startsWith('@/')) {
    absolute = path.join(root, 'web', specifier.slice(2));
  } else if (specifier.startsWith('@contract/')) {
    absolute = path.join(root, 'contract', specifier.slice('@contract/'.length));
  } else if (/^(?:web|server|contract)(?:\/|$)/.test(specifier)) {
    absolute = path.join(root, specifier);
  } else {
    return null;
  }
  const relative = toPosix(path.relative(root, absolute));
  return relative.startsWith('../') || relative === '..' || path.isAbsolute(relative) ? null : relative;
}

/** The text of a string literal, or of a template literal with no expressions; null for anything else. */
function fixedString(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the boundaries between web, server, contract and their parts.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const fromPath = toPosix(path.relative(root, file));
    const from = zoneOf(fromPath);
    if (!from) return {};
    const isTest = /\.test\.[cm]?[jt]sx?$/.test(fromPath);
    const bans = BANS.filter((ban) => ban.from.includes(from.zone) && (ban.tests !== false || !isTest));
    if (bans.length === 0) return {};

    const check = (sourceNode) => {
      const specifier = fixedString(sourceNode);
      if (specifier === null) return;
      const targetPath = resolveSpecifier(specifier, file);
      const to = targetPath === null ? null : zoneOf(targetPath);
      if (!to) return;
      const ban = bans.find((b) => b.to.includes(to.zone) && (!b.when || b.when(from, to)));
      if (ban) context.report({ node: sourceNode, message: ban.message });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
      TSExternalModuleReference: (node) => check(node.expression),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1)
          check(node.arguments[0]);
      },
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { imports: importsRule } };
