import { createHash } from 'node:crypto';

/**
 * SHA-256 of a value's JSON in hex: the name of what a file is drawn from, so the same facts give
 * the same name and any change a new one (preview addresses, kept copies).
 */
export const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
