import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportEdge = { from: string; to: string; typeOnly: boolean };

/** Every .ts and .tsx file (declaration files aside) under the given folders of `root`. */
export function sourceFiles(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(full);
    }
  };
  for (const folder of folders) {
    const dir = path.join(root, folder);
    if (fs.existsSync(dir)) walk(dir);
  }
  return found.sort();
}

function readCompilerOptions(root: string): ts.CompilerOptions {
  const configPath = path.join(root, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configPath).options;
}

/** Whether an import or export brings in nothing that exists at run time (so the compiler erases it). */
export function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return Boolean(
      clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly),
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return Boolean(
    bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly),
  );
}

/**
 * The imports between the project's own files, resolved the way the compiler resolves them (so the
 * `@/` and `@contract/` aliases in tsconfig.json count). Static imports, re-exports and `import()`
 * calls are edges; packages outside the folders are not.
 */
export function importGraph(root: string, folders: string[]): { files: string[]; edges: ImportEdge[] } {
  const options = readCompilerOptions(root);
  const files = sourceFiles(root, folders);
  const known = new Set(files);
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const edges: ImportEdge[] = [];

  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (specifier: string, typeOnly: boolean) => {
      const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule;
      const target = resolved && path.normalize(resolved.resolvedFileName);
      if (target && known.has(target)) edges.push({ from: file, to: target, typeOnly });
    };
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        add(node.moduleSpecifier.text, isTypeOnly(node));
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        const expression = node.moduleReference.expression;
        if (ts.isStringLiteral(expression)) add(expression.text, node.isTypeOnly);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) add(argument.text, false);
      } else if (
        ts.isImportTypeNode(node) &&
        ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { files, edges };
}

/**
 * Each group of files (or of any nodes, such as modules) that import one another in a loop (Tarjan's
 * strongly connected components), written as one concrete loop through the group, e.g. [a, b, c, a].
 */
export function findCycles(files: string[], edges: ReadonlyArray<{ from: string; to: string }>): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);

  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const connect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || next.get(v)!.includes(v)) groups.push(group);
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);

  // One loop per group: a shortest path inside the group from its first file back to itself.
  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const previous = new Map<string, string>();
    const queue = [start];
    const seen = new Set([start]);
    while (queue.length > 0) {
      const v = queue.shift()!;
      for (const w of next.get(v) ?? []) {
        if (!members.has(w)) continue;
        if (w === start) {
          const loop = [start];
          for (let at: string | undefined = v; at !== undefined && at !== start; at = previous.get(at))
            loop.splice(1, 0, at);
          return [...loop, start];
        }
        if (!seen.has(w)) {
          seen.add(w);
          previous.set(w, v);
          queue.push(w);
        }
      }
    }
    return [...group].sort();
  });
}

/** The server module a file belongs to (its folder under server/modules/), or null for any other file. */
export function moduleOf(root: string, file: string): string | null {
  const relative = path.relative(root, file).split(path.sep).join('/');
  return /^server\/modules\/([^/]+)\//.exec(relative)?.[1] ?? null;
}

export const isTestFile = (file: string) => /\.test\.tsx?$/.test(file);

/** One module importing another, with the file imports that make it. */
export type ModuleEdge = { from: string; to: string; imports: ImportEdge[] };

/**
 * The file imports between server modules folded to one edge per pair of modules. Test files count
 * as part of their module: a test that imports a module is a dependency of its module like any other.
 */
export function moduleGraph(root: string, edges: ImportEdge[]): { modules: string[]; edges: ModuleEdge[] } {
  const modules = new Set<string>();
  const folded = new Map<string, ModuleEdge>();
  for (const edge of edges) {
    const from = moduleOf(root, edge.from);
    const to = moduleOf(root, edge.to);
    if (from) modules.add(from);
    if (to) modules.add(to);
    if (!from || !to || from === to) continue;
    const key = `${from} ${to}`;
    const found = folded.get(key) ?? folded.set(key, { from, to, imports: [] }).get(key)!;
    found.imports.push(edge);
  }
  return { modules: [...modules].sort(), edges: [...folded.values()] };
}

/**
 * Imports by a module's own code (tests aside) of a file outside the modules that leads into a module,
 * directly or through other such files (what composes the modules: app.ts, register-jobs.ts, and the
 * like). A loop through one of those would pass unseen by the module graph, which folds only the imports
 * between modules. Tests drive the assembled app, so theirs are left out.
 */
export function importsOfComposition(root: string, files: string[], edges: ImportEdge[]): ImportEdge[] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  const leadsIntoModule = new Map<string, boolean>();
  const leads = (file: string): boolean => {
    if (moduleOf(root, file)) return true;
    const known = leadsIntoModule.get(file);
    if (known !== undefined) return known;
    leadsIntoModule.set(file, false); // a loop among files outside the modules is the file check's to report
    const answer = (next.get(file) ?? []).some(leads);
    leadsIntoModule.set(file, answer);
    return answer;
  };
  return edges.filter((e) => moduleOf(root, e.from) && !isTestFile(e.from) && !moduleOf(root, e.to) && leads(e.to));
}

/**
 * The server modules in layers (ARCHITECTURE.md): no two modules import each other, directly or
 * through others, tests included, so a module can be read, tested and changed with only the modules
 * below it in mind. Found on the modules' own graph (the file imports folded to their module) by the
 * same loop finder as the files' loops, each loop written with the file imports that make its steps.
 * dependency-cruiser's `no-circular` is the usual tool; its current release needs Node 22, and an
 * older one would be a dependency for what these lines do over the graph built here anyway.
 */
export function moduleLoops(dir: string, edges: ImportEdge[]): string[] {
  const modules = moduleGraph(dir, edges);
  const byPair = new Map<string, ModuleEdge>(modules.edges.map((e) => [`${e.from} ${e.to}`, e]));
  const rel = (file: string) => path.relative(dir, file);
  return findCycles(modules.modules, modules.edges).map((loop) => {
    const steps = loop.slice(1).map((to, i) => byPair.get(`${loop[i]} ${to}`)!);
    const lines = steps.flatMap((step) =>
      step.imports.map((e) => `    ${rel(e.from)} -> ${rel(e.to)}${e.typeOnly ? ' (types only)' : ''}`),
    );
    return [loop.join(' -> '), ...lines].join('\n');
  });
}

/** What a module's own code imports outside the modules that leads back into them. */
export const compositionImports = (dir: string, files: string[], edges: ImportEdge[]) =>
  importsOfComposition(dir, files, edges).map((e) => `${path.relative(dir, e.from)} -> ${path.relative(dir, e.to)}`);
