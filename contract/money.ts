import { groupDigits } from './plain-format';

/** All money is integer kobo (1 naira = 100 kobo). Naira only ever appear when formatted. */
export type Kobo = number;

/**
 * Naira as `Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' })` writes them
 * ("₦350,000", "₦350,000.50": kobo, when there are any, always as two digits), written out by hand
 * so a page that shows a price never pays for `Intl`'s start (contract/plain-format.ts).
 */
export function formatNaira(kobo: Kobo): string {
  const whole = Number.isFinite(kobo) ? Math.round(kobo) : 0;
  const size = Math.abs(whole);
  const rest = size % 100;
  const naira = `₦${groupDigits((size - rest) / 100)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
  return whole < 0 ? `-${naira}` : naira;
}

/** Parses a naira amount typed by a person ("1,250.50", "₦1250") into kobo; null when invalid. */
export function nairaToKobo(input: string | number): Kobo | null {
  const text = typeof input === 'number' ? String(input) : input.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/**
 * Kobo as a person would type it back into a naira field ("25000", "1.15"): whole naira alone, or
 * naira and two kobo digits, worked out in integers so no float rounding shows. Empty for anything
 * that is not a whole, non-negative number of kobo.
 */
export function koboToNairaText(kobo: Kobo): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) return '';
  const rest = kobo % 100;
  const whole = (kobo - rest) / 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}

/** Whole percentage (0-100) of part over whole, safe for a zero whole. */
export function percentOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((part / whole) * 100)));
}
