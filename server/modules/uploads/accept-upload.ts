import { createHash, randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@contract/uploads';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { parseSizedKey, sizedKey, variantKey } from '../../providers/storage/image-keys';
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

/**
 * The box, in pixels, an image's largest size fits in: twice the widest a page shows it (a
 * campaign's top image and a story are at most about 600 CSS pixels wide; photos and logos 64 to 320).
 */
const IMAGE_SIDE: Record<UploadPurpose, number> = {
  profilePhoto: 640,
  organizationLogo: 640,
  sponsorLogo: 640,
  productImage: 1280,
  storyImage: 1280,
  deliveryPhoto: 1280,
  updatePhoto: 1280,
  fundraiserPhoto: 1280,
  idDocument: 0,
  organizationDocument: 0,
  consentForm: 0,
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
 * bytes, never the name or the declared type). Images are re-encoded, with no metadata, to WebP
 * and JPEG (or PNG) in the sizes pages show (`encodeSizes`).
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
    throw field(
      input.field,
      `"${row.fileName}" is not really a${/^[AEIOU]/.test(claimed) ? 'n' : ''} ${claimed} file. Choose a ${purpose.allowed} file.`,
    );
  }
  // Kept under a key of its own: the upload address may still take a PUT for a few minutes, and
  // what was checked must be what is kept.
  const kebab = input.purpose.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  let storedKey: string;
  let storedType: string;
  if (purpose.image) {
    const sized = await encodeSizes(read.bytes, IMAGE_SIDE[input.purpose], kebab).catch(() => {
      throw field(input.field, `"${row.fileName}" could not be read as an image. Choose another file.`);
    });
    storedKey = sized.key;
    storedType = 'image/webp';
    await writeAll(deps.storage, sized);
  } else {
    storedKey = `private/${kebab}/${input.ownerId}/${randomBytes(16).toString('hex')}`;
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

/**
 * Checks several uploads of one form in turn (`acceptUpload`); a file left out answers undefined.
 * When one is refused, the copies already kept are dropped before the refusal goes on.
 */
export async function acceptUploads(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  ownerId: number,
  files: readonly { key: string | undefined; purpose: UploadPurpose; field: string }[],
): Promise<(AcceptedUpload | undefined)[]> {
  const accepted: (AcceptedUpload | undefined)[] = [];
  try {
    for (const file of files) {
      accepted.push(
        file.key
          ? await acceptUpload(deps, { key: file.key, ownerId, purpose: file.purpose, field: file.field })
          : undefined,
      );
    }
  } catch (error) {
    await Promise.all(accepted.map((a) => a?.settle(false)));
    throw error;
  }
  return accepted;
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

export type SizedFiles = { key: string; files: { key: string; body: Buffer; type: string }[] };

/**
 * Every size an image is kept at (image-keys.ts names them): upright, within `side`, never
 * enlarged, each as WebP and as JPEG, or PNG when the image has transparency (a JPEG would paint
 * it black). No EXIF, GPS or other metadata survives: the pixels are decoded once and each size is
 * encoded from them alone.
 */
export async function encodeSizes(bytes: Buffer, side: number, purposeFolder: string): Promise<SizedFiles> {
  // Loaded on the first image, not at start: libvips holds tens of megabytes an instance rarely needs.
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(bytes, { limitInputPixels: 60_000_000, failOn: 'error' })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const transparent = info.channels === 4 && !(await sharp(data, raw).stats()).isOpaque;
  const pixels = () => (transparent ? sharp(data, raw) : sharp(data, raw).removeAlpha());
  const sizeOf = (width: number) => (width === info.width ? pixels() : pixels().resize({ width }));
  const webpOf = (width: number) => sizeOf(width).webp({ quality: 78 }).toBuffer();
  const fallbackOf = (width: number) =>
    transparent
      ? sizeOf(width).png({ compressionLevel: 9, palette: true }).toBuffer()
      : sizeOf(width).jpeg({ quality: 78, mozjpeg: true }).toBuffer();

  const largest = await webpOf(info.width);
  const id = createHash('sha256').update(largest).digest('hex').slice(0, 16) + randomBytes(4).toString('hex');
  const key = sizedKey({ purposeFolder, id, width: info.width, height: info.height, transparent });
  const image = parseSizedKey(key)!;
  const files: SizedFiles['files'] = [{ key, body: largest, type: 'image/webp' }];
  // One at a time: the machine is shared with requests, and each size is small.
  for (const width of image.widths) {
    if (width !== info.width)
      files.push({ key: variantKey(image, width, 'webp'), body: await webpOf(width), type: 'image/webp' });
    files.push({
      key: variantKey(image, width, 'fallback'),
      body: await fallbackOf(width),
      type: transparent ? 'image/png' : 'image/jpeg',
    });
  }
  return { key, files };
}

/** Writes every size; if one fails, the ones written are removed (the key stands for them all). */
export async function writeAll(
  storage: Pick<AppDeps['storage'], 'write' | 'remove'>,
  sized: SizedFiles,
): Promise<void> {
  try {
    for (const file of sized.files) await storage.write(file.key, file.body, file.type);
  } catch (error) {
    await storage.remove(sized.key).catch(() => undefined);
    throw error;
  }
}
