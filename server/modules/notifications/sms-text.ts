import { HELP_LINE, fitsSms, smsLength } from '@contract/sms';

// The shared frame of every notice sent by SMS (docs/decisions/0042): who is writing first, the help
// line last, and every value that may run long shortened with "..." so the text stays within
// SMS_MAX_SEGMENTS in GSM-7.

/** Whom to call, at the end of a text that asks nothing else of the reader. */
export const CALL_US = `Questions? Call ${HELP_LINE}.`;

/** Signs a text as the charity, so the reader knows who is writing before anything else. */
export const signed = (body: string) => `Gift of Independence: ${body}`;

const LOOKALIKES: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u20A6': 'N',
};

/**
 * The text in GSM-7 characters only: curly quotes, dashes and the naira sign become their plain
 * look-alikes, accents on letters outside the GSM set are dropped, and anything else becomes '?'.
 * One such character would otherwise switch the whole message to UCS-2 (70 characters a segment).
 */
export function gsm(text: string): string {
  let out = '';
  for (const ch of text) {
    const plain = LOOKALIKES[ch] ?? ch;
    if (smsLength(plain).encoding === 'GSM-7') {
      out += plain;
      continue;
    }
    const bare = plain.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += smsLength(bare).encoding === 'GSM-7' ? bare : '?';
  }
  return out;
}

/** At most `max` characters of `value` (in GSM-7), ending in "..." when it was cut. */
export function clip(value: string, max: number): string {
  const plain = gsm(value.replace(/\s+/g, ' ').trim());
  return plain.length <= max ? plain : `${plain.slice(0, Math.max(0, max - 3)).trimEnd()}...`;
}

/**
 * The text `words` makes around `value` (a reason, a product name), with `value` cut short with
 * "..." as little as needed for the whole to fit SMS_MAX_SEGMENTS.
 */
export function fitting(words: (value: string) => string, value: string): string {
  const plain = gsm(value.replace(/\s+/g, ' ').trim());
  const whole = gsm(words(plain));
  if (fitsSms(whole)) return whole;
  let low = 0;
  let high = plain.length;
  // The longest cut that fits: fitting is monotonic in the length kept.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fitsSms(gsm(words(clip(plain, mid))))) low = mid;
    else high = mid - 1;
  }
  return gsm(words(clip(plain, low)));
}

/**
 * A signed text saying `start`, then the admins' reason when there is one (cut short as needed),
 * then `end` (what to do next).
 */
export function withReason(start: string, reason: string, end: string): string {
  if (!reason.trim()) return fitting((s) => signed(`${s} ${end}`), start);
  return fitting((r) => signed(`${start} Our reason: ${r}${/[.!?]$/.test(r) ? '' : '.'} ${end}`), reason);
}
