import { z } from 'zod';

/**
 * The calendar days any date field accepts. Nothing the platform records (a gift, a delivery, a
 * consent, a collection) is older than the platform, and a century ahead is more than any filter or
 * booking needs. Within these years a day turns into an instant in Lagos, or the day after, and back
 * the same in JavaScript and in PostgreSQL; a day such as 0000-01-01 does not (PostgreSQL has no
 * year 0), so it is refused here rather than failing a query.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a YYYY-MM-DD day, or null when it is a real day between FIRST_DAY and LAST_DAY. */
export function dayProblem(day: string): 'format' | 'unreal' | 'range' | null {
  if (!DAY_FORMAT.test(day)) return 'format';
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) return 'unreal';
  return day < FIRST_DAY || day > LAST_DAY ? 'range' : null;
}

/** The sentence for each way a day can be wrong; one sentence may serve all three. */
export type DayWords = string | { format: string; unreal: string; range: string };

/**
 * A calendar day as YYYY-MM-DD: the one rule every date in a query or a form goes through, so a day
 * outside the years above is a 400 with a sentence wherever it is typed.
 */
export function calendarDaySchema(words: DayWords) {
  const said = typeof words === 'string' ? { format: words, unreal: words, range: words } : words;
  return z
    .string({ error: said.format })
    .regex(DAY_FORMAT, said.format)
    .superRefine((day, ctx) => {
      const problem = dayProblem(day);
      // A wrong format is already said by the pattern above.
      if (problem && problem !== 'format') ctx.addIssue({ code: 'custom', message: said[problem] });
    });
}
