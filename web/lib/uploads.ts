import { contentTypeFor, type PresignReply, type UploadPurpose } from '@contract/uploads';
import { ApiError, apiRequest, NETWORK_FAILURE } from './api';

/** The words of product notes 8 for the upload steps. */
export const NO_UPLOAD_URL = 'Could not get an upload URL from server.';
export const UPLOAD_FAILED = 'Failed to upload file to S3.';

/**
 * Sends one file: asks the server for an address for it, then PUTs the bytes there (this server or
 * the bucket) with a real progress figure from 0 to 100. Answers the key to submit.
 */
export async function uploadFile(
  file: File,
  purpose: UploadPurpose,
  onProgress: (percent: number) => void,
): Promise<string> {
  const fileType = contentTypeFor(file);
  let presign: PresignReply;
  try {
    presign = (
      await apiRequest<PresignReply>('/onboarding/generate-presigned-url', {
        method: 'POST',
        body: JSON.stringify({ fileName: file.name, fileType, purpose }),
      })
    ).data;
  } catch (error) {
    // A refusal in words (a type that is not allowed) is worth more than the generic sentence.
    if (error instanceof ApiError && error.kind === 'server' && error.status === 400) throw error;
    throw new ApiError(error instanceof ApiError ? error.status : 0, NO_UPLOAD_URL);
  }
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', presign.presignedUrl);
    xhr.setRequestHeader('content-type', fileType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
        return;
      }
      let message = UPLOAD_FAILED;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string };
        if (body.message) message = `${UPLOAD_FAILED} ${body.message}`;
      } catch {
        // S3 answers in XML; the product's sentence says enough.
      }
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () => reject(new ApiError(0, `${UPLOAD_FAILED} ${NETWORK_FAILURE}`, undefined, undefined, 'network'));
    xhr.send(file);
  });
  return presign.key;
}
