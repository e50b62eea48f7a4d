import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The import bans ESLint reports for one line of code placed at a path in the repository. */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, {
    filePath: path.join(root, filePath),
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal).map((m) => m.message);
}

const features = fs
  .readdirSync(path.join(root, 'web', 'features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('import rules in eslint.config.js', () => {
  it.each(features.map((feature, i) => [feature, features[(i + 1) % features.length]!]))(
    'web/features/%s may not import web/features/%s',
    async (feature, other) => {
      const problems = await importProblems(
        `web/features/${feature}/page.tsx`,
        `import { x } from '@/features/${other}/api';`,
      );
      expect(problems.join('\n')).toMatch(/Features do not import each other/);
    },
  );

  it.each([
    [
      'donor reaching giving by alias',
      'web/features/donor/gifts-page.tsx',
      "import { x } from '@/features/giving/bag';",
      /Features do not import each other/,
    ],
    [
      'donor reaching giving by path',
      'web/features/donor/gifts-page.tsx',
      "import { x } from '../giving/bag';",
      /Features do not import each other/,
    ],
    [
      'a feature importing the app shell',
      'web/features/giving/cart-page.tsx',
      "import { x } from '@/app/router';",
      /app shell/,
    ],
    [
      'a feature importing the server',
      'web/features/giving/cart-page.tsx',
      "import { x } from '../../../server/config';",
      /only over HTTP/,
    ],
    ['web/app importing the server', 'web/app/router.tsx', "import { x } from '../../server/app';", /only over HTTP/],
    [
      'web/ui importing a feature',
      'web/ui/button.tsx',
      "import { x } from '@/features/campaigns/api';",
      /web\/ui and web\/lib/,
    ],
    [
      'web/ui importing a feature by path',
      'web/ui/button.tsx',
      "import { x } from '../features/campaigns/api';",
      /web\/ui and web\/lib/,
    ],
    ['web/lib importing the app shell', 'web/lib/api.ts', "import { x } from '@/app/guards';", /web\/ui and web\/lib/],
    ['web/lib importing the server', 'web/lib/api.ts', "import { x } from '../../server/config';", /only over HTTP/],
    [
      'a server module importing the web app by alias',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '@/lib/api';",
      /never import the web app/,
    ],
    [
      'a server module importing the web app by path',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../../../web/lib/api';",
      /never import the web app/,
    ],
    [
      'a server module importing another module’s routes',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/routes';",
      /never their routes/,
    ],
    [
      'server/http importing the web app',
      'server/http/auth.ts',
      "import { x } from '@/lib/session';",
      /never import the web app/,
    ],
    [
      'server/http reaching into a module’s queries',
      'server/http/auth.ts',
      "import { x } from '../modules/accounts/queries';",
      /never its queries/,
    ],
    [
      'a module test importing the web app',
      'server/modules/giving/giving.test.ts',
      "import { x } from '@/lib/api';",
      /never import the web app/,
    ],
    [
      'contract importing the server',
      'contract/giving.ts',
      "import { x } from '../server/http/errors';",
      /imports neither/,
    ],
    [
      'contract importing the web app',
      'contract/giving.ts',
      "import { x } from '@/lib/api';",
      /never import the web app/,
    ],
  ])('reports %s', async (_name, filePath, code, message) => {
    const problems = await importProblems(filePath, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    [
      'a feature importing web/lib, web/ui, contract and itself',
      'web/features/donor/gifts-page.tsx',
      "import { x } from '@/lib/api';\nimport { y } from '@/ui/button';\nimport { z } from '@contract/money';\nimport { w } from './api';\nexport const more = [y, z, w];",
    ],
    ['web/app composing features', 'web/app/router.tsx', "import { x } from '@/features/giving/cart-page';"],
    ['web/ui importing web/lib', 'web/ui/page.tsx', "import { x } from '@/lib/page';"],
    [
      'a server module using another module’s queries',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/queries';\nimport { y } from '@contract/giving';\nexport const more = [y];",
    ],
    ['the app registering module routes', 'server/app.ts', "import { x } from './modules/giving/routes';"],
    [
      'server/http calling a module’s use-case',
      'server/http/auth.ts',
      "import { x } from '../modules/accounts/resolve-session';",
    ],
    ['contract importing contract', 'contract/giving.ts', "import { x } from './money';"],
    [
      'the web app using React’s renderer for the server',
      'web/entry-server.tsx',
      "import { renderToString } from 'react-dom/server';\nexport const r = renderToString;",
    ],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await importProblems(filePath, code)).toEqual([]);
  });
});
