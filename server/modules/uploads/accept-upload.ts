import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@contract/uploads';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { findIssuedUpload, markUploadUsed, type UploadRow } from './queries';

const DOC = 'application/msword';

const TYPE_LABEL: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
  [DOC]: 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

/** The longest side, in pixels, an image is kept at: what the pages that show it need. */
const IMAGE_SIDE: Record<UploadPurpose, number> = {
  profilePhoto: 640,
  organizationLogo: 640,
  productImage: 1200,
  storyImage: 1200,
  idDocument: 0,
  organizationDocument: 0,
};

/** A checked file ready to be kept: `commit` marks it used inside the caller's transaction. */
export type AcceptedUpload = {
  storedKey: string;
  fileName: string;
  type: string;
  commit(tx: Db): Promise<void>;
  /** After the transaction: drop the raw upload (committed), or the kept copy (not). */
  settle(committed: boolean): Promise<void>;
};

const field = (name: string, message: string) => new AppError('bad_request', message, { [name]: [message] });

/**
 * Checks an upload before a form that names it is saved: the key is the caller's, unused and of
 * this purpose; the bytes arrived, are within the size, and ARE an allowed type (read from the
 * bytes, never the name or the declared type). Photos are re-encoded to WebP with no metadata.
 */
export async function acceptUpload(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  input: { key: string; ownerId: number; purpose: UploadPurpose; field: string },
): Promise<AcceptedUpload> {
  const purpose = UPLOAD_PURPOSES[input.purpose];
  const row = await findIssuedUpload(deps.db, input.key, input.ownerId, input.purpose);
  if (!row) {
    throw field(input.field, 'That upload was not found or has already been used. Choose the file again.');
  }
  const read = await deps.storage.read(row.key, purpose.maxBytes);
  if ('missing' in read) throw field(input.field, `"${row.fileName}" did not arrive. Choose the file again.`);
  if ('tooLarge' in read) {
    throw field(input.field, `"${row.fileName}" is too large: the limit is ${purpose.maxBytes / 1024 / 1024} MB.`);
  }
  const detected = await fileTypeFromBuffer(read.bytes);
  const type = detectedType(detected?.mime, row);
  // The bytes decide: they must be an allowed type and what the file claimed to be (a PNG renamed
  // .pdf is refused, even though a PNG would have been welcome under its own name).
  if (!type || !(purpose.types as readonly string[]).includes(type) || type !== row.declaredType) {
    const claimed = TYPE_LABEL[row.declaredType] ?? 'valid';
    throw field(input.field, `"${row.fileName}" is not really a${/^[AEIOU]/.test(claimed) ? 'n' : ''} ${claimed} file. Choose a ${purpose.allowed} file.`);
  }
  // Kept under a key of its own: the upload address may still take a PUT for a few minutes, and
  // what was checked must be what is kept.
  const kebab = input.purpose.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const random = randomBytes(16).toString('hex');
  let storedKey: string;
  let storedType: string;
  if (purpose.image) {
    const webp = await reencode(read.bytes, IMAGE_SIDE[input.purpose]).catch(() => {
      throw field(input.field, `"${row.fileName}" could not be read as an image. Choose another file.`);
    });
    storedKey = `public/${kebab}/${random}.webp`;
    storedType = 'image/webp';
    await deps.storage.write(storedKey, webp, storedType);
  } else {
    storedKey = `private/${kebab}/${input.ownerId}/${random}`;
    storedType = type;
    await deps.storage.write(storedKey, read.bytes, type);
  }
  return {
    storedKey,
    fileName: row.fileName,
    type: storedType,
    commit: (tx) => commitOnce(tx, row, type, storedKey),
    settle: async (committed) => {
      // Committed: the raw upload is no longer needed. Not: the copy was never used.
      await deps.storage.remove(committed ? row.key : storedKey).catch(() => undefined);
    },
  };
}

async function commitOnce(tx: Db, row: UploadRow, type: string, storedKey: string) {
  if (!(await markUploadUsed(tx, row.id, type, storedKey))) {
    throw new AppError('conflict', `"${row.fileName}" has already been used. Choose the file again.`);
  }
}

/** file-type names an old Word document by its container (CFB); it counts as DOC only by that name. */
function detectedType(mime: string | undefined, row: UploadRow): string | undefined {
  if (mime === 'application/x-cfb' && row.declaredType === DOC && /\.doc$/i.test(row.fileName)) return DOC;
  return mime;
}

/** Upright, no larger than `side`, WebP, and with no EXIF, GPS or other metadata (sharp keeps none unless asked). */
export async function reencode(bytes: Buffer, side: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 60_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}
