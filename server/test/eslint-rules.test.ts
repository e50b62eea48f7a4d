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
  return result!.messages.filter((m) => m.ruleId === 'boundaries/imports' || m.fatal).map((m) => m.message);
}

const features = fs
  .readdirSync(path.join(root, 'web', 'features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('import rules in eslint.config.js (eslint-rules/boundaries.js)', () => {
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
      'web/features/giving/gift-bag-page.tsx',
      "import { x } from '@/app/router';",
      /app shell/,
    ],
    [
      'a feature importing the server',
      'web/features/giving/gift-bag-page.tsx',
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
      /import no module/,
    ],
    [
      'web/lib importing the server dynamically',
      'web/lib/api.ts',
      "export const load = () => import('../../server/config');",
      /only over HTTP/,
    ],
    [
      'a feature importing the server dynamically with a template literal',
      'web/features/giving/gift-bag-page.tsx',
      'export const load = () => import(`../../../server/config`);',
      /only over HTTP/,
    ],
    [
      'a feature re-exporting the server',
      'web/features/giving/gift-bag-page.tsx',
      "export { x } from '../../../server/config';",
      /only over HTTP/,
    ],
    [
      'a feature importing a server type',
      'web/features/giving/gift-bag-page.tsx',
      "import type { x } from '../../../server/config';",
      /only over HTTP/,
    ],
    [
      'web/app requiring the server',
      'web/app/router.tsx',
      "const x = require('../../server/config');",
      /only over HTTP/,
    ],
    [
      'web/app naming a server type through import()',
      'web/app/router.tsx',
      "type x = typeof import('../../server/config');",
      /only over HTTP/,
    ],
    [
      'web/lib reaching the server through the compiler’s base URL',
      'web/lib/api.ts',
      "import { x } from 'server/config';",
      /only over HTTP/,
    ],
    [
      'a feature’s nested folder reaching another feature',
      'web/features/giving/parts/x.tsx',
      "import { x } from '../../donor/api';",
      /Features do not import each other/,
    ],
    [
      'a feature’s deeper folder reaching another feature',
      'web/features/giving/parts/deep/x.tsx',
      "import { x } from '../../../donor/api';",
      /Features do not import each other/,
    ],
    [
      'a feature’s nested folder re-exporting another feature',
      'web/features/giving/parts/x.tsx',
      "export * from '../../donor/api';",
      /Features do not import each other/,
    ],
    [
      'a feature’s nested folder importing the app shell by path',
      'web/features/giving/parts/x.tsx',
      "import { x } from '../../../app/router';",
      /app shell/,
    ],
    [
      'a feature importing the app shell dynamically',
      'web/features/giving/gift-bag-page.tsx',
      "export const load = () => import('../../app/router');",
      /app shell/,
    ],
    [
      'a nested web/ui file importing a feature by path',
      'web/ui/forms/field.tsx',
      "import { x } from '../../features/campaigns/api';",
      /web\/ui and web\/lib/,
    ],
    [
      'a nested web/lib file importing the app shell by path',
      'web/lib/deep/x.ts',
      "import { x } from '../../app/guards';",
      /web\/ui and web\/lib/,
    ],
    [
      'web/ui importing the app shell by path',
      'web/ui/button.tsx',
      "import { x } from '../app/guards';",
      /web\/ui and web\/lib/,
    ],
    [
      'a server module importing another module’s admin routes',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/admin-routes';",
      /never their routes/,
    ],
    [
      'a server module importing another module’s request routes with its extension',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/request-routes.ts';",
      /never their routes/,
    ],
    [
      'a nested server module file importing another module’s routes',
      'server/modules/giving/parts/x.ts',
      "import type { x } from '../../accounts/admin-users-routes';",
      /never their routes/,
    ],
    [
      'a server module importing another module’s crawler routes dynamically',
      'server/modules/giving/start-checkout.ts',
      "export const load = () => import('../content/crawler-routes');",
      /never their routes/,
    ],
    [
      'server/http calling a module’s use-case',
      'server/http/auth.ts',
      "import { x } from '../modules/accounts/resolve-session';",
      /import no module/,
    ],
    [
      'server/http reaching a module’s queries under another name',
      'server/http/auth.ts',
      "import { x } from '../modules/campaigns/admin-queries';",
      /import no module/,
    ],
    [
      'server/http naming a module’s type',
      'server/http/auth.ts',
      "import type { x } from '../modules/accounts/queries';",
      /import no module/,
    ],
    [
      'server/db seeding through a module',
      'server/db/seed/demo-data.ts',
      "import { x } from '../../modules/campaigns/queries';",
      /import no module/,
    ],
    [
      'server/jobs registering a module’s use-case',
      'server/jobs/queue.ts',
      "export { x } from '../modules/giving/record-payment';",
      /import no module/,
    ],
    [
      'server/providers loading a module dynamically',
      'server/providers/storage/routes.ts',
      'export const load = () => import(`../../modules/uploads/cleanup`);',
      /import no module/,
    ],
    [
      'server/providers requiring a module',
      'server/providers/mail/mail.ts',
      "const x = require('../../modules/accounts/queries');",
      /import no module/,
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
    ['web/app composing features', 'web/app/router.tsx', "import { x } from '@/features/giving/gift-bag-page';"],
    ['web/ui importing web/lib', 'web/ui/page.tsx', "import { x } from '@/lib/page';"],
    [
      'a server module using another module’s queries',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/queries';\nimport { y } from '@contract/giving';\nexport const more = [y];",
    ],
    ['the app registering module routes', 'server/app.ts', "import { x } from './modules/giving/routes';"],
    [
      'a feature’s nested folder importing its own feature',
      'web/features/giving/parts/x.tsx',
      "import { x } from '../bag';\nimport { y } from '../../giving/gift-bag-page';\nexport const more = [y];",
    ],
    [
      'a server module using another module’s use-case',
      'server/modules/giving/start-checkout.ts',
      "import { x } from '../campaigns/requests';\nimport { y } from '../campaigns/queries.ts';\nexport const more = [y];",
    ],
    ['a module importing its own routes', 'server/modules/campaigns/x.ts', "import { x } from './admin-routes';"],
    [
      'the app handing a module’s use-case to a plugin',
      'server/app.ts',
      "import { x } from './modules/accounts/resolve-session';",
    ],
    [
      'job registration importing modules',
      'server/register-jobs.ts',
      "import { x } from './modules/giving/record-payment';",
    ],
    [
      'demo seeding importing module queries',
      'server/seed-demo.ts',
      "import { x } from './modules/campaigns/queries';",
    ],
    [
      'the admin command importing a module',
      'server/cli/create-admin.ts',
      "import { x } from '../modules/accounts/create-admin';",
    ],
    [
      'an infrastructure test reading a module’s limits',
      'server/http/trust-proxy.test.ts',
      "import { x } from '../modules/accounts/routes';",
    ],
    [
      'server/http using server/db and contract',
      'server/http/auth.ts',
      "import { x } from '../db/client';\nimport { y } from '@contract/roles';\nexport const more = [y];",
    ],
    [
      'web/app loading a page dynamically',
      'web/app/router.tsx',
      "export const load = () => import('@/features/giving/gift-bag-page');\nconst x = () => import('../features/donor/gifts-page');",
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
