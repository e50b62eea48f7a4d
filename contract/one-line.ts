import type { z } from 'zod';
import { fieldInWords } from './error-messages';

// Every control character: C0 (tab, line feed and carriage return among them), DEL and C1.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Whether `text` holds no control character at all, line breaks and tabs included. */
export const isOneLine = (text: string): boolean => !CONTROL.test(text);

/** The sentence for a field that is not one line: "Donor full name should be one line of text, ..." */
export function notOneLineWords(path: ReadonlyArray<PropertyKey>): string {
  const field = fieldInWords(path) ?? 'this text';
  return `${field.charAt(0).toUpperCase()}${field.slice(1)} should be one line of text, without line breaks, tabs or other control characters.`;
}

/**
 * A one-line field (a name, a title, a photo's description): `schema` with every control character
 * refused, in a sentence naming the field. Such text is written where a line break starts something
 * new, such as a row of a CSV export, so it is refused when typed rather than trusted to every
 * place it is written later. Text of several lines (stories, messages, notes, reasons) keeps its
 * line breaks and does not use this; the text guard (server/http/text-guard.ts) still refuses the
 * controls nobody types there.
 */
export function oneLine<T extends z.ZodString>(schema: T): T {
  // Its own words, or the schema's (often "Enter your name.") would be said instead.
  return schema.refine(isOneLine, { error: (issue) => notOneLineWords(issue.path ?? []) });
}
