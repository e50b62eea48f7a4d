import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { storedKeysOf } from './image-keys';
import { isValidKey, publicUrlOf, type ReadResult, type Storage } from './storage';

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a loopback server); unset means AWS itself. */
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * S3 storage: the browser PUTs straight to the bucket through a presigned URL; public images and
 * private documents are still served by this server (so every answer carries our headers).
 */
export function createS3Storage(settings: S3Settings): Storage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const checkKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`not a storage key: ${key}`);
  };
  return {
    kind: 's3',
    description: `S3 bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    client,
    publicUrl: publicUrlOf,
    async uploadUrl({ key, contentType, expiresInSeconds }) {
      checkKey(key);
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
      });
    },
    async read(key, maxBytes): Promise<ReadResult> {
      checkKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const size = object.ContentLength ?? 0;
        if (size > maxBytes) {
          (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
          return { tooLarge: true, size };
        }
        const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? new Uint8Array());
        if (bytes.length > maxBytes) return { tooLarge: true, size: bytes.length };
        return { bytes };
      } catch (error) {
        if (notFound(error)) return { missing: true };
        throw error;
      }
    },
    async write(key, body, contentType) {
      checkKey(key);
      // Public keys never change content (see /media/public/ in routes.ts): a CDN reading the bucket may keep them a year.
      const CacheControl = key.startsWith('public/') ? 'public, max-age=31536000, immutable' : 'private, no-store';
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, CacheControl }));
    },
    async remove(key) {
      checkKey(key);
      // An image kept in several sizes goes with all of them.
      for (const each of storedKeysOf(key)) {
        try {
          await client.send(new DeleteObjectCommand({ Bucket, Key: each }));
        } catch (error) {
          if (!notFound(error)) throw error;
        }
      }
    },
  };
}
