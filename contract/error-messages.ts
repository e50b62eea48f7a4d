import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

/**
 * Plain sentences for the checks a schema did not word itself, installed once for the web app and
 * the server (z.config is global). zod's own defaults ("Invalid input: expected object, received
 * array") reach people through the API and the forms; a message written in a schema still wins,
 * because zod asks this map only when the schema gave none.
 */

// Names a person would use for keys whose words alone say little.
const LABELS: Record<string, string> = {
  q: 'search',
  id: 'id',
  cursor: 'page link',
  limit: 'page size',
  alt: 'photo description',
};

function words(key: string): string {
  return (
    LABELS[key] ??
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .trim()
      .toLowerCase()
  );
}

/** "donor full name", "item 2 in cart items", or null for the request as a whole. */
export function fieldInWords(path: ReadonlyArray<PropertyKey>): string | null {
  const keys = path.filter((k): k is string | number => typeof k !== 'symbol');
  const last = keys.at(-1);
  if (last === undefined) return null;
  if (typeof last === 'number') {
    const parent = keys.at(-2);
    return parent === undefined || typeof parent === 'number'
      ? `item ${last + 1}`
      : `item ${last + 1} in ${words(parent)}`;
  }
  const text = words(last);
  // A key that is not a word (numbers, punctuation, anything long) is not named back.
  return /^[a-z][a-z0-9 ]{0,40}$/.test(text) ? text : 'one of the fields';
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const plural = (n: number | bigint, one: string, many: string) => `${n} ${Number(n) === 1 ? one : many}`;

// Sentences use "should" and "the value given for" so they read right for "units" as for "email".
function typeSentence(Field: string, field: string, expected: string): string {
  switch (expected) {
    case 'string':
      return `${Field} should be text.`;
    case 'number':
    case 'int':
    case 'bigint':
      return `${Field} should be a number.`;
    case 'boolean':
      return `${Field} should be true or false.`;
    case 'array':
    case 'tuple':
    case 'set':
      return `${Field} should be a list.`;
    case 'object':
    case 'record':
    case 'map':
      return `${Field} should be a group of named values.`;
    case 'date':
      return `${Field} should be a date.`;
    default:
      return `The value given for ${field} is not valid.`;
  }
}

export function humanIssueMessage(issue: $ZodRawIssue): string {
  const field = fieldInWords(issue.path ?? []);
  if (field === null) {
    if (issue.code === 'unrecognized_keys') return unknownKeys(issue.keys, 'The request');
    return issue.code === 'invalid_type' && issue.expected === 'object'
      ? 'Send the details as a JSON object.'
      : 'The request is not valid.';
  }
  const Field = capital(field);
  const given = `The value given for ${field}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `Please fill in ${field}.` : typeSentence(Field, field, issue.expected);
    case 'too_small': {
      const n = issue.minimum;
      const bound = issue.inclusive === false ? 'more than' : 'at least';
      if (issue.origin === 'string')
        return Number(n) <= 1
          ? `Please fill in ${field}.`
          : `${Field} should have ${bound} ${plural(n, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${Field} should have ${bound} ${plural(n, 'item', 'items')}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return `${Field} should be ${bound} ${n}.`;
      return `${given} is too small.`;
    }
    case 'too_big': {
      const n = issue.maximum;
      const bound = issue.inclusive === false ? 'fewer than' : 'at most';
      if (issue.origin === 'string') return `${Field} should have ${bound} ${plural(n, 'character', 'characters')}.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${Field} should have ${bound} ${plural(n, 'item', 'items')}.`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return `${Field} should be ${issue.inclusive === false ? 'less than' : 'at most'} ${n}.`;
      }
      return `${given} is too large.`;
    }
    case 'unrecognized_keys':
      return unknownKeys(issue.keys, Field);
    case 'invalid_union':
      return `${given} is not in a form we accept.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter an email address in the format name@example.com.';
      if (issue.format === 'url') return `${Field} should be a web address.`;
      if (issue.format === 'datetime' || issue.format === 'date') return `${Field} should be a date.`;
      return `${given} is not in the expected format.`;
    case 'invalid_value': {
      const values = issue.values.filter((v) => typeof v === 'string' || typeof v === 'number');
      return values.length > 0 && values.length <= 6 && values.length === issue.values.length
        ? `${Field} should be one of: ${values.join(', ')}.`
        : `${given} is not one of the accepted values.`;
    }
    case 'not_multiple_of':
      return `${Field} should be a multiple of ${issue.divisor}.`;
    default:
      return `${given} is not valid.`;
  }
}

function unknownKeys(keys: string[], Where: string): string {
  const shown = keys.slice(0, 5).map((k) => fieldInWords([k]));
  return `${Where} has ${keys.length === 1 ? 'a field' : 'fields'} we do not accept: ${shown.join(', ')}${keys.length > 5 ? ' and more' : ''}.`;
}

z.config({ customError: humanIssueMessage });
