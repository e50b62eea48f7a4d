import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 over named fields, so a link binds every one of them: change a byte of the key, the
 * type, the size or the expiry and the signature no longer matches.
 */
export function signFields(secret: string, fields: Record<string, string>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
  return createHmac('sha256', secret).update(canonical).digest('base64url');
}

export function signatureMatches(secret: string, fields: Record<string, string>, signature: string): boolean {
  const expected = Buffer.from(signFields(secret, fields));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
