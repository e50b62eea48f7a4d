/**
 * Numbers and dates written out the way `Intl` writes them in Nigerian English, without `Intl`.
 * A page's first use of `Intl` makes the browser load its locale data, about 50 ms on a desktop and
 * several times that on a low-end phone, in the middle of bringing the page to life
 * (docs/decisions/0055-less-work-bringing-a-page-to-life.md); every public page formats naira, counts or a
 * date. `plain-format.test.ts` holds these to `Intl`'s own output.
 */

/** Whole numbers with a comma between thousands ("1,234,567"), as `Intl.NumberFormat('en-NG')`. */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const whole = Math.round(value);
  const digits = String(Math.abs(whole));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '');
  }
  return whole < 0 ? `-${out}` : out;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Nigerian (and British) English shortens September to four letters. */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/** Nigeria keeps West Africa Time, one hour ahead of UTC, all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * The day in Lagos, "5 Jan 2026" (`short`) or "5 January 2026" (`long`), as `Intl.DateTimeFormat`
 * with `dateStyle` medium or long, or `en-GB` day, month and year, in `Africa/Lagos`. The same on the
 * server that draws the page and in a browser anywhere.
 */
export function lagosDay(at: string | Date, month: 'short' | 'long' = 'long'): string {
  const time = new Date(at).getTime();
  if (!Number.isFinite(time)) return '';
  const lagos = new Date(time + LAGOS_OFFSET_MS);
  const name = MONTHS[lagos.getUTCMonth()]!;
  return `${lagos.getUTCDate()} ${month === 'short' ? SHORT_MONTHS[lagos.getUTCMonth()]! : name} ${lagos.getUTCFullYear()}`;
}
