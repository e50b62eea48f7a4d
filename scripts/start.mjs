// @ts-check
/**
 * `npm start`: runs the compiled server (dist/server/main.js) with plain `node`, in this same process
 * (its signals, exit code and output are the server's own). When dist/ is not a build of the sources
 * as they are (a fresh clone, a pull), it builds first with `npm run build`, saying so; that build
 * is the only step that loads TypeScript (decision 0059).
 */
import { spawnSync } from 'node:child_process';
import { buildIsCurrent } from './build-stamp.mjs';

if (!buildIsCurrent()) {
  console.log('The app is not built from these sources: building it first (npm run build)...');
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The build failed; see above. Nothing was started.');
    process.exit(1);
  }
}
// Stack traces name the source's files and lines, not the bundle's.
process.setSourceMapsEnabled(true);
// A name made at run time: the compiled server does not exist until the build above.
await import(new URL('../dist/server/main.js', import.meta.url).href);
