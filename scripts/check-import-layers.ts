/**
 * Part of `npm run lint`: fails when the files of server/, web/ and contract/ import one another in a
 * loop, when two server modules import each other (directly or through others, tests included), or
 * when a module's code reaches what composes the modules (docs/decisions/0062). It reads the same
 * import graph as server/test/import-cycles.test.ts, which also proves that it finds planted loops.
 */
import path from 'node:path';
import { compositionImports, findCycles, importGraph, moduleLoops } from '../server/test/import-graph';

const root = path.resolve(import.meta.dirname, '..');
const { files, edges } = importGraph(root, ['server', 'web', 'contract']);
const problems = [
  ...findCycles(files, edges).map((loop) => `files in a loop: ${loop.map((f) => path.relative(root, f)).join(' -> ')}`),
  ...moduleLoops(root, edges).map((loop) => `modules importing each other: ${loop}`),
  ...compositionImports(root, files, edges).map((line) => `module code importing what composes the modules: ${line}`),
];
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Import layers: ${files.length} files, no loops.`);
