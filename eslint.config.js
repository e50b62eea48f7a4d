import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Read from disk so a new feature folder is covered the day it is created.
const features = fs
  .readdirSync(path.join(import.meta.dirname, 'web', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

// Import bans, one per boundary. A file gets exactly one `no-restricted-imports` setting (flat config
// replaces a rule's options, it does not merge them), so every block below lists every ban that
// applies to its files.
const bans = {
  webToServer: {
    // React's own renderer for the server (web/entry-server.tsx, decision 0022) is a package, not ours.
    group: ['**/server', '**/server/**', '!react-dom/server'],
    message: 'The web app talks to the server only over HTTP; share types through contract/.',
  },
  serverToWeb: {
    group: ['@/**', '**/web', '**/web/**'],
    message: 'The server and contract never import the web app; share types through contract/.',
  },
  contractToServer: {
    group: ['**/server', '**/server/**'],
    message: 'contract/ is shared by web and server, so it imports neither.',
  },
  sharedWebToFeatures: {
    group: ['@/features', '@/features/**', '**/features', '**/features/**', '@/app', '@/app/**', '../app', '../app/**'],
    message: 'web/ui and web/lib are shared by every feature, so they import no feature and not the app shell.',
  },
  featureToApp: {
    group: ['@/app', '@/app/**', '../../app', '../../app/**'],
    message: 'Features do not import the app shell; web/app composes them.',
  },
  featureToFeature: (feature) => ({
    group: features
      .filter((f) => f !== feature)
      .flatMap((f) => [`@/features/${f}`, `@/features/${f}/**`, `../${f}`, `../${f}/**`]),
    message:
      'Features do not import each other: move shared code to web/lib (see docs/decisions/0010) or compose in web/app.',
  }),
  httpToQueries: {
    group: ['../modules/*/queries', '../modules/*/queries.ts'],
    message: 'Cross-cutting plugins call a module’s use-cases, never its queries.',
  },
  moduleToRoutes: {
    group: ['../*/routes', '../*/routes.ts'],
    message: 'Modules call each other’s use-cases or queries, never their routes.',
  },
};

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.filter((pattern) => pattern.group.length > 0) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.bench-data/**', 'server/db/migrations/**', 'web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      ...restrict(bans.webToServer),
    },
  },
  {
    files: ['web/ui/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: restrict(bans.webToServer, bans.sharedWebToFeatures),
  },
  ...features.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(bans.webToServer, bans.featureToApp, bans.featureToFeature(feature)),
  })),
  {
    files: ['server/**/*.ts'],
    rules: restrict(bans.serverToWeb),
  },
  {
    files: ['server/http/**/*.ts'],
    ignores: ['server/http/**/*.test.ts'],
    rules: restrict(bans.serverToWeb, bans.httpToQueries),
  },
  {
    files: ['server/modules/*/**/*.ts'],
    ignores: ['server/modules/*/*.test.ts'],
    rules: restrict(bans.serverToWeb, bans.moduleToRoutes),
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict(bans.serverToWeb, bans.contractToServer),
  },
  // Import cycles are found by server/test/import-cycles.test.ts (TypeScript's own module resolution).
);
