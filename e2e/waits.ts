/**
 * How long the browser journeys wait, in one place. They run on two cores shared with builds and
 * other test runs, where a step that takes 100 ms on a quiet machine can take several seconds: every
 * wait is for a condition (a poll, a locator, a page state), never a fixed sleep, and gives up only
 * after a time that allows for that. A wait that gives up sooner fails a correct page.
 */

/** The longest one condition may take to come true: a poll, a locator's wait or action, a page load. */
export const WAIT_MS = 30_000;

/** How often `expect.poll` looks again. */
export const POLL_INTERVAL_MS = 100;

/** The limit of an ordinary journey: a page or two and a handful of waits. */
export const JOURNEY_MS = 90_000;

/**
 * The limit of a journey that walks many pages or runs axe many times (every public page in a
 * theme, every admin page, a request from sign-up to delivery): several minutes on a busy machine.
 */
export const LONG_JOURNEY_MS = 240_000;

/** `beforeAll` starts a server, a database and a browser. */
export const SETUP_MS = 120_000;
