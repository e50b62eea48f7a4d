import { describe, expect, it } from 'vitest';
import { formatNaira } from './money';
import { groupDigits, lagosDay } from './plain-format';

const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const nairaWithKobo = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat('en-NG');
const medium = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });
const long = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

const amounts = [
  0, 1, 5, 50, 99, 100, 101, 150, 999, 1000, 99_999, 100_000, 123_456, 35_000_00, 70_000_000, 999_999_99,
];
// Up to a trillion naira; beyond 2^53 / 100 Intl's division by 100 rounds, the hand-written form does not.
amounts.push(1_234_567_890_12, 100_000_000_000_000, -100, -123_450);

describe('plain formats agree with Intl', () => {
  it('writes naira as Intl does, kobo always as two digits', () => {
    for (const kobo of amounts) {
      const expected = (kobo % 100 === 0 ? naira : nairaWithKobo).format(kobo / 100);
      expect(formatNaira(kobo), String(kobo)).toBe(expected);
    }
    expect(formatNaira(Number.NaN)).toBe(naira.format(0));
    expect(formatNaira(1.4)).toBe(naira.format(0.01));
  });

  it('groups whole numbers as Intl does', () => {
    for (const n of [0, 7, 12, 999, 1000, 10_000, 123_456, 1_000_000, 987_654_321, -4500]) {
      expect(groupDigits(n)).toBe(count.format(n));
    }
  });

  it('names the day in Lagos as Intl does, across a year and at the edges of a day', () => {
    const start = Date.UTC(2026, 0, 1, 22, 59);
    for (let day = 0; day < 400; day += 3) {
      for (const minutes of [0, 1, 62, 61 * 12]) {
        const at = new Date(start + day * 86_400_000 + minutes * 60_000);
        expect(lagosDay(at, 'short')).toBe(medium.format(at));
        expect(lagosDay(at.toISOString(), 'long')).toBe(long.format(at));
      }
    }
    expect(lagosDay('not a date')).toBe('');
  });
});
