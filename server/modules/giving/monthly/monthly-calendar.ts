/**
 * The monthly calendar, in Lagos time (UTC+1 all year): a month is `yyyy-mm`, and a gift is charged
 * on the day of the month its first payment was made, moved to the 28th from the 29th to the 31st so
 * every month has it, at 09:00 in Lagos (decision 0077).
 */
const LAGOS_OFFSET_MS = 60 * 60_000;
const CHARGE_HOUR_UTC = 8;
export const LAST_CHARGE_DAY = 28;

const lagos = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS);

/** The month `at` falls in, in Lagos. */
export function periodOf(at: Date): string {
  const d = lagos(at);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The day of the month a gift started at `at` is charged on. */
export function chargeDayOf(at: Date): number {
  return Math.min(lagos(at).getUTCDate(), LAST_CHARGE_DAY);
}

/** The month `months` after `period` (negative goes back). */
export function addMonths(period: string, months: number): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** When the charge of `period` is due for a gift charged on `day`. */
export function chargeTime(period: string, day: number): Date {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1, Math.min(day, LAST_CHARGE_DAY), CHARGE_HOUR_UTC));
}

/** The first month, from `period` on, whose charge time is not before `notBefore`. */
export function firstPeriodFrom(period: string, day: number, notBefore: Date): string {
  let next = period;
  while (chargeTime(next, day) < notBefore) next = addMonths(next, 1);
  return next;
}

/** "November 2026". */
export function periodWords(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const names = [
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
  ];
  return `${names[month - 1]} ${year}`;
}

/** "Monday 28 December 2026", the day in Lagos. */
export function dayWords(at: Date): string {
  const d = lagos(at);
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  return `${days[d.getUTCDay()]} ${d.getUTCDate()} ${periodWords(periodOf(at))}`;
}
