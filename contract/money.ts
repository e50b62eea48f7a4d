/** All money is integer kobo (1 naira = 100 kobo). Naira only ever appear when formatted. */
export type Kobo = number;

const nairaFormatter = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Kobo, when there are any, always as two digits (₦350,000.50, never ₦350,000.5). */
const withKobo = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatNaira(kobo: Kobo): string {
  if (!Number.isFinite(kobo)) return nairaFormatter.format(0);
  const whole = Math.round(kobo);
  return (whole % 100 === 0 ? nairaFormatter : withKobo).format(whole / 100);
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
