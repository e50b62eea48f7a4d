import { createHmac } from 'node:crypto';
import { signFields, signatureMatches } from './signing';

/** What reading an object can answer: its bytes, nothing (no such key), or that it is over the limit. */
export type ReadResult = { bytes: Buffer } | { missing: true } | { tooLarge: true; size: number };

/**
 * Where uploaded files and the shipped demo images live. Keys are random and say who may read them
 * (decision 0010): `seed/...` are the shipped demo images, `public/...` are served to anyone at a
 * stable address, `private/...` only through a signed download link this server checks.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** For the start-up log. */
  readonly description: string;
  /** Address a browser uses to load a seed or public object; null for a missing key. */
  publicUrl(key: string | null | undefined): string | null;
  /**
   * An address the browser PUTs one file to, with `Content-Type: contentType`, valid for
   * `expiresInSeconds`. The local adapter also binds the size; S3's is checked when the key is used.
   */
  uploadUrl(input: { key: string; contentType: string; maxBytes: number; expiresInSeconds: number }): Promise<string>;
  /** Reads an object, refusing (without reading it all) one larger than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<ReadResult>;
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes an object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys this server makes: lower-case letters, digits, dashes, dots and slashes, never '..'. */
export const KEY_PATTERN = /^(?:seed|public|private)\/[a-z0-9][a-z0-9._/-]{0,200}$/;
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..') && !key.includes('//');
}

/** Content type of a public object from its name (public objects are always images). */
export function imageTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  if (key.endsWith('.svg')) return 'image/svg+xml';
  return 'application/octet-stream';
}

export function mediaPath(key: string): string {
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export function publicUrlOf(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
  return mediaPath(key);
}

/** The fields of a signed link, as they travel in its query string. */
export type SignedQuery = Record<string, string | undefined>;

/**
 * Signed links this server answers itself: the local adapter's upload address, and the download
 * address of a private document (for both adapters, so every download carries our headers).
 */
export class LinkSigner {
  constructor(private readonly secret: string) {}

  /** A 32-byte key for one purpose, derived from the signing secret, so one secret serves each use apart. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`key:${purpose}`).digest();
  }

  sign(path: string, fields: Record<string, string>, expiresInSeconds: number): string {
    const all = { ...fields, exp: String(Math.floor(Date.now() / 1000) + expiresInSeconds) };
    const query = new URLSearchParams({ ...all, sig: signFields(this.secret, all) });
    return `${path}?${query.toString()}`;
  }

  /** The signed fields when the query is intact and unexpired; otherwise why not. */
  check<const F extends string>(
    query: SignedQuery,
    names: readonly F[],
  ): { fields: Record<F, string> } | { refused: 'tampered' | 'expired' } {
    const fields: Record<string, string> = {};
    for (const name of [...names, 'exp']) {
      const value = query[name];
      if (typeof value !== 'string') return { refused: 'tampered' };
      fields[name] = value;
    }
    if (typeof query.sig !== 'string' || !signatureMatches(this.secret, fields, query.sig))
      return { refused: 'tampered' };
    if (!(Number(fields.exp) * 1000 > Date.now())) return { refused: 'expired' };
    return { fields: fields as Record<F, string> };
  }
}

export const DOWNLOAD_PATH = '/api/files/download';
export const UPLOAD_PATH = '/api/files/upload';

/** A short-lived link to a private document, for its owner or an admin, served as a download. */
export function downloadLink(
  signer: LinkSigner,
  input: { key: string; fileName: string; contentType: string; expiresInSeconds?: number },
): string {
  return signer.sign(
    DOWNLOAD_PATH,
    { key: input.key, name: input.fileName, type: input.contentType },
    input.expiresInSeconds ?? 300,
  );
}
