// @ts-check
// Prints the failed tests and their first error lines from Vitest logs, so the end of a long run
// names what broke. Usage: node scripts/failed-tests.mjs <log>...
import { readFileSync } from 'node:fs';

/** @param {string} text */
// eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

for (const file of process.argv.slice(2)) {
  let lines;
  try {
    lines = plain(readFileSync(file, 'utf8')).split('\n');
  } catch {
    continue;
  }
  /** @type {string[]} */
  const shown = [];
  lines.forEach((/** @type {string} */ line, /** @type {number} */ i) => {
    if (/^\s*(FAIL|×)\s/.test(line)) {
      shown.push(line.trimEnd());
      // The error's first lines follow a FAIL heading in Vitest's summary.
      if (/^\s*FAIL\s/.test(line)) {
        for (const next of lines.slice(i + 1, i + 6)) {
          if (/^\s*(FAIL|×)\s/.test(next)) break;
          if (next.trim()) shown.push(`    ${next.trim()}`);
        }
      }
    }
  });
  for (const line of [...new Set(shown)].slice(0, 60)) console.log(line);
}
