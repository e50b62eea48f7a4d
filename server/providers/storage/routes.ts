import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors';
import {
  DOWNLOAD_PATH,
  imageTypeOf,
  isValidKey,
  type LinkSigner,
  type SignedQuery,
  type Storage,
  UPLOAD_PATH,
} from './storage';

/** The largest file any upload purpose allows; the local upload route reads no more than this. */
export const LARGEST_UPLOAD_BYTES = 10 * 1024 * 1024;

const EXPIRED = 'This link has expired. Go back and try again.';
const TAMPERED = 'This link is not valid. Go back and try again.';

/**
 * The addresses storage answers on this server: the local adapter's signed upload address, signed
 * downloads of private documents, and public images. Registered in their own scope so the upload
 * route takes any content type as raw bytes without changing how other routes parse bodies.
 */
export function storageRoutes(deps: { storage: Storage; signer: LinkSigner }): FastifyPluginAsync {
  const { storage, signer } = deps;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LARGEST_UPLOAD_BYTES }, (_req, body, done) =>
      done(null, body),
    );

    if (storage.kind === 'local') {
      app.put(
        UPLOAD_PATH,
        { config: { access: 'public' }, bodyLimit: LARGEST_UPLOAD_BYTES },
        async (request, reply) => {
          const checked = signer.check(request.query as SignedQuery, ['key', 'type', 'max'] as const);
          if ('refused' in checked) {
            throw new AppError('forbidden', checked.refused === 'expired' ? EXPIRED : TAMPERED).withCode(
              `upload_link_${checked.refused}`,
            );
          }
          const { key, type, max } = checked.fields;
          const sentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (sentType !== type) {
            throw new AppError(
              'bad_request',
              `This upload address takes a file of type ${type}, not ${sentType || 'an unnamed type'}.`,
            );
          }
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('bad_request', 'The file is empty.');
          if (body.length > Number(max)) {
            throw new AppError(
              'payload_too_large',
              `The file is too large: at most ${Math.round(Number(max) / 1024 / 1024)} MB.`,
            );
          }
          await storage.write(key, body, type);
          return reply.status(200).header('cache-control', 'no-store').send();
        },
      );
    }

    app.get(DOWNLOAD_PATH, { config: { access: 'public' } }, async (request, reply) => {
      const checked = signer.check(request.query as SignedQuery, ['key', 'name', 'type'] as const);
      if ('refused' in checked) {
        throw new AppError('forbidden', checked.refused === 'expired' ? EXPIRED : TAMPERED).withCode(
          `download_link_${checked.refused}`,
        );
      }
      const { key, name, type } = checked.fields;
      if (!isValidKey(key)) throw new AppError('forbidden', TAMPERED);
      const found = await storage.read(key, LARGEST_UPLOAD_BYTES);
      if (!('bytes' in found)) throw new AppError('not_found', 'That file is no longer stored.');
      const safeName = name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'document';
      return reply
        .header('content-type', type)
        .header(
          'content-disposition',
          `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(found.bytes);
    });

    // Public images: random keys that never change content, so a year of caching is safe.
    app.get<{ Params: { '*': string } }>('/media/public/*', { schema: { hide: true } }, async (request, reply) => {
      const key = `public/${request.params['*']}`;
      if (!isValidKey(key)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
      const found = await storage.read(key, LARGEST_UPLOAD_BYTES);
      if (!('bytes' in found)) return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
      return reply
        .header('content-type', imageTypeOf(key))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(found.bytes);
    });
  };
}
