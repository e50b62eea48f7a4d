import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositionImports, findCycles, importGraph, moduleGraph, moduleLoops, type ImportEdge } from './import-graph';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * "No cycles" (design.md) is checked here rather than by ESLint: eslint-plugin-import-x needs a native
 * resolver with one package per platform, and a lockfile without all of them fails `npm ci`, as
 * design.md notes for Tailwind. Type-only imports count too: they cannot break
 * start-up, but a loop through them (a route module naming a type from the app that registers it)
 * tangles the layers all the same, and every one of them is easy to break.
 */

describe('import cycles', () => {
  let graph: { files: string[]; edges: ImportEdge[] };
  beforeAll(() => {
    graph = importGraph(root, ['server', 'web', 'contract']);
  });

  it('server/, web/ and contract/ import one another without a loop', () => {
    const { files, edges } = graph;
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

  it('server modules import one another without a loop, tests included', () => {
    const { edges } = graph;
    expect(moduleGraph(root, edges).modules.length).toBeGreaterThan(20);
    const loops = moduleLoops(root, edges);
    expect(loops, `modules importing each other, with the imports that make each step:\n${loops.join('\n')}`).toEqual(
      [],
    );
  });

  it('module code reaches other modules only by importing them, not through what composes them', () => {
    const { files, edges } = graph;
    const found = compositionImports(root, files, edges);
    expect(found, `module code importing what imports modules:\n${found.join('\n')}`).toEqual([]);
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

  describe('finds the module loops it is meant to find', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-module-cycles-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('tsconfig.json', JSON.stringify({ compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext' } }));
    // Two modules whose files import each other with no loop between files: one through a test.
    write('server/modules/alpha/use.ts', "import { rule } from '../beta/rule';\nexport const use = rule;\n");
    write('server/modules/alpha/kept.ts', 'export const kept = 1;\n');
    write('server/modules/beta/rule.ts', 'export const rule = 2;\n');
    write('server/modules/beta/rule.test.ts', "import { kept } from '../alpha/kept';\nexport const t = kept;\n");
    // Three modules in a ring, one step a type-only import.
    write('server/modules/gamma/g.ts', "import { d } from '../delta/d';\nexport const g = d;\n");
    write('server/modules/delta/d.ts', "import type { E } from '../epsilon/e';\nexport const d = (e: E) => e;\n");
    write('server/modules/epsilon/e.ts', "import { g } from '../gamma/g';\nexport type E = typeof g;\n");
    // No loop: a module on another, and one reaching a third only through what composes them.
    write('server/modules/zeta/z.ts', "import { rule } from '../beta/rule';\nexport const z = rule;\n");
    write('server/modules/eta/h.ts', "import { composed } from '../../compose';\nexport const h = composed;\n");
    write('server/modules/eta/h.test.ts', "import { composed } from '../../compose';\nexport const t = composed;\n");
    write('server/compose.ts', "import { z } from './modules/zeta/z';\nexport const composed = z;\n");
    write('server/deps.ts', 'export type Deps = { db: string };\n');
    write('server/modules/zeta/uses-deps.ts', "import type { Deps } from '../../deps';\nexport type D = Deps;\n");

    const { files, edges } = importGraph(dir, ['server']);
    const loops = moduleLoops(dir, edges);

    it('reports each loop of modules once, with the file imports of every step', () => {
      // Of the two, only the ring is a loop of files as well.
      expect(findCycles(files, edges)).toHaveLength(1);
      expect(loops).toHaveLength(2);
      expect(loops).toContainEqual(
        [
          'alpha -> beta -> alpha',
          '    server/modules/alpha/use.ts -> server/modules/beta/rule.ts',
          '    server/modules/beta/rule.test.ts -> server/modules/alpha/kept.ts',
        ].join('\n'),
      );
      expect(loops).toContainEqual(
        [
          'delta -> epsilon -> gamma -> delta',
          '    server/modules/delta/d.ts -> server/modules/epsilon/e.ts (types only)',
          '    server/modules/epsilon/e.ts -> server/modules/gamma/g.ts',
          '    server/modules/gamma/g.ts -> server/modules/delta/d.ts',
        ].join('\n'),
      );
    });

    it('leaves a module on another alone', () => {
      expect(loops.some((loop) => loop.includes('zeta'))).toBe(false);
    });

    it('names module code that imports what composes the modules, and leaves tests and deps.ts alone', () => {
      expect(compositionImports(dir, files, edges)).toEqual(['server/modules/eta/h.ts -> server/compose.ts']);
    });
  });
});
