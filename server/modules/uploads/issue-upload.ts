import { randomBytes } from 'node:crypto';
import { UPLOAD_PURPOSES, type PresignReply, type PresignRequest } from '@contract/uploads';
import type { AppRole } from '@contract/roles';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { insertUpload } from './queries';

/** How long an upload address works. */
export const UPLOAD_URL_SECONDS = 10 * 60;

/** `file.png` is a GIF... names the file and what is allowed, as every refusal here does. */
export function notAllowed(fileName: string, allowed: string, what = 'is not'): string {
  return `"${fileName}" ${what} a ${allowed} file. Choose a ${allowed} file.`;
}

/**
 * Gives a signed-in person an address to PUT one file to, for one purpose. The key is random,
 * private, and recorded against the caller, so only they can later use it, once.
 */
export async function issueUpload(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  caller: { id: number; role: AppRole },
  request: PresignRequest,
): Promise<PresignReply> {
  const purpose = UPLOAD_PURPOSES[request.purpose];
  if (!(purpose.roles as readonly string[]).includes(caller.role)) {
    throw new AppError('forbidden', 'Your account cannot upload this kind of file.');
  }
  const declared = request.fileType === 'image/jpg' ? 'image/jpeg' : request.fileType;
  if (!(purpose.types as readonly string[]).includes(declared)) {
    throw new AppError('bad_request', notAllowed(request.fileName, purpose.allowed), {
      fileType: [notAllowed(request.fileName, purpose.allowed)],
    });
  }
  const key = `private/incoming/${caller.id}/${randomBytes(16).toString('hex')}`;
  await insertUpload(deps.db, {
    key,
    ownerId: caller.id,
    purpose: request.purpose,
    fileName: request.fileName,
    declaredType: declared,
  });
  const presignedUrl = await deps.storage.uploadUrl({
    key,
    contentType: declared,
    maxBytes: purpose.maxBytes,
    expiresInSeconds: UPLOAD_URL_SECONDS,
  });
  return { presignedUrl, key, maxBytes: purpose.maxBytes };
}
