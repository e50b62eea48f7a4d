import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['campaigns', 'content', 'accounts', 'giving', 'onboarding', 'recipient', 'organization', 'admin', 'notifications'];

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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../../server/*'], message: 'The web app talks to the server only over HTTP; share types through contract/.' }] }],
    },
  },
  // Feature folders do not import each other; web/app composes them.
  ...features.map((feature) => ({
    files: [`web/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}/*`, `../${f}/*`]),
              message: 'Features do not import each other: move shared code to web/lib or web/ui, or compose in web/app.',
            },
            { group: ['@/app/*', '../../app/*'], message: 'Features do not import the app shell.' },
            { group: ['**/server/**'], message: 'The web app talks to the server only over HTTP; share types through contract/.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['server/**/*.ts', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/*', '**/web/**'], message: 'The server and contract never import the web app.' }] }],
    },
  },
  {
    files: ['server/modules/*/**/*.ts'],
    ignores: ['server/modules/*/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/routes', '../*/routes.ts'], message: 'Modules call each other’s use-cases or queries, never their routes.' }] },
      ],
    },
  },
);
