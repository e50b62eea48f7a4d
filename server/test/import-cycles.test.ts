import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles, importGraph } from './import-graph';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * "No cycles" (design.md) is checked here rather than by ESLint: eslint-plugin-import-x needs a native
 * resolver with one package per platform, and a lockfile without all of them fails `npm ci`, as
 * design.md notes for Tailwind. Type-only imports count too: they cannot break
 * start-up, but a loop through them (a route module naming a type from the app that registers it)
 * tangles the layers all the same, and every one of them is easy to break.
 */
describe('import cycles', () => {
  it('server/, web/ and contract/ import one another without a loop', () => {
    const { files, edges } = importGraph(root, ['server', 'web', 'contract']);
    expect(files.length).toBeGreaterThan(100);
    // The aliases resolve: without them the graph would miss most of web/.
    expect(
      edges.some(
        (e) => e.from.endsWith(path.join('web', 'ui', 'page.tsx')) && e.to.endsWith(path.join('web', 'lib', 'page.ts')),
      ),
    ).toBe(true);
    expect(
      edges.some((e) => e.from.startsWith(path.join(root, 'web')) && e.to.startsWith(path.join(root, 'contract'))),
    ).toBe(true);
    const loops = findCycles(files, edges).map((loop) => loop.map((f) => path.relative(root, f)).join(' -> '));
    expect(loops, `import cycles:\n${loops.join('\n')}`).toEqual([]);
  });

  describe('finds the loops it is meant to find', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-cycles-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: {
          baseUrl: '.',
          moduleResolution: 'Bundler',
          module: 'ESNext',
          paths: { '@/*': ['web/*'], '@contract/*': ['contract/*'] },
        },
      }),
    );
    // Through an alias and back by a relative path.
    write('web/lib/a.ts', "import { b } from '@/lib/b';\nexport const a = () => b;\n");
    write('web/lib/b.ts', "import { a } from './a';\nexport const b = () => a;\n");
    // Through a type-only import, a re-export and a dynamic import.
    write(
      'server/app.ts',
      "import { routes } from './routes';\nexport type Deps = { db: string };\nexport const app = routes;\n",
    );
    write('server/routes.ts', "import type { Deps } from './app';\nexport const routes = (deps: Deps) => deps;\n");
    write('contract/x.ts', "export * from './y';\n");
    write('contract/y.ts', "export const y = () => import('@contract/x');\n");
    // No loop: a chain, and an import of a package.
    write(
      'server/chain-1.ts',
      "import { two } from './chain-2';\nimport { z } from 'zod';\nexport const one = [two, z];\n",
    );
    write('server/chain-2.ts', 'export const two = 2;\n');

    const { files, edges } = importGraph(dir, ['server', 'web', 'contract']);
    const loops = findCycles(files, edges).map((loop) => loop.map((f) => path.relative(dir, f)));

    it('reports each loop once, as a path that returns to its start', () => {
      expect(loops).toHaveLength(3);
      for (const loop of loops) expect(loop.at(0)).toBe(loop.at(-1));
    });

    it('follows the @/ and @contract/ aliases, type-only imports, re-exports and import()', () => {
      expect(loops).toContainEqual(['web/lib/a.ts', 'web/lib/b.ts', 'web/lib/a.ts']);
      expect(loops).toContainEqual(['server/app.ts', 'server/routes.ts', 'server/app.ts']);
      expect(loops).toContainEqual(['contract/x.ts', 'contract/y.ts', 'contract/x.ts']);
      expect(edges.find((e) => e.from.endsWith('routes.ts'))?.typeOnly).toBe(true);
    });

    it('leaves chains and packages alone', () => {
      expect(loops.flat().some((f) => f.includes('chain'))).toBe(false);
    });
  });
});
