import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

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
    // Plain-JavaScript scripts carry `// @ts-check`: the compiler knows Node's globals, ESLint's no-undef does not.
    files: ['scripts/**/*.mjs'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Which zone (web/app, a feature, web/ui and web/lib, contract, a server module, the server's
    // infrastructure folders) may import which: the table is BANS in eslint-rules/boundaries.js.
    files: ['{web,server,contract}/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  // Import cycles are found by server/test/import-cycles.test.ts (TypeScript's own module resolution).
);
