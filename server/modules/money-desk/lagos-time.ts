/**
 * The desk's days and dates are Lagos time, which keeps UTC+1 all year (no summer time), so a fixed
 * offset is exact and needs no time-zone data in the database or in Node.
 */
const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The first instant of a calendar day (YYYY-MM-DD) in Lagos. */
export function lagosDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
}

/** The first instant of the day after `day` in Lagos: the end of a range that includes `day`. */
export function lagosDayAfter(day: string): Date {
  return new Date(lagosDayStart(day).getTime() + 24 * 60 * 60 * 1000);
}

/** An instant as ISO 8601 in Lagos time, to the second: 2026-11-25T09:30:00+01:00. */
export function lagosIso(date: Date): string {
  return `${new Date(date.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 19)}${LAGOS_OFFSET}`;
}

/** Today's date in Lagos (YYYY-MM-DD), as export file names carry it. */
export function lagosToday(now = new Date()): string {
  return lagosIso(now).slice(0, 10);
}
