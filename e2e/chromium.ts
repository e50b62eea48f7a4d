import fs from 'node:fs';

/** The system Chromium the benchmarks drive (pages measured as a visitor's browser draws them); nothing is downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the browser journeys drive: the system's headless shell where it is installed (Debian's
 * `chromium-headless-shell`, the same engine without the browser's windows and their upkeep), which
 * cost a fifth less of the machine than the full browser for the same journeys (docs/decisions/0076).
 * `CHROMIUM_PATH` chooses another.
 */
export const JOURNEY_CHROMIUM =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Headless, sandbox-free (root in a container), and quiet: no update checks, sync or QUIC probes. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
