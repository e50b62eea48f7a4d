import { z } from 'zod';
import { contentTypeFor, UPLOAD_PURPOSES, type UploadPurpose } from '@contract/uploads';

/**
 * A file field's rule in the browser: present when required, of an allowed type by its name or
 * type, and within the size. Only a courtesy: the server reads the bytes when the form is sent.
 */
export function fileRule(
  purpose: UploadPurpose,
  what: string,
  required: boolean,
  requiredMessage = `Choose ${what} to upload.`,
) {
  const rule = UPLOAD_PURPOSES[purpose];
  return z.custom<File | null | undefined>().superRefine((value, ctx) => {
    if (!(value instanceof File)) {
      if (required) ctx.addIssue({ code: 'custom', message: requiredMessage });
      return;
    }
    if (!(rule.types as readonly string[]).includes(contentTypeFor(value))) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value.name}" is not a ${rule.allowed} file. Choose a ${rule.allowed} file.`,
      });
    } else if (value.size > rule.maxBytes) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value.name}" is too large: the limit is ${rule.maxBytes / 1024 / 1024} MB.`,
      });
    } else if (value.size === 0) {
      ctx.addIssue({ code: 'custom', message: `"${value.name}" is empty. Choose another file.` });
    }
  });
}

/** What the file picker offers: the allowed types by extension and type. */
export function acceptFor(purpose: UploadPurpose): string {
  const ext: Record<string, string> = {
    'image/png': '.png',
    'image/jpeg': '.jpg,.jpeg',
    'image/webp': '.webp',
    'application/pdf': '.pdf',
    'application/msword': '.doc',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  };
  return UPLOAD_PURPOSES[purpose].types.flatMap((t) => [t, ext[t]!]).join(',');
}

export const limitText = (purpose: UploadPurpose) =>
  `${UPLOAD_PURPOSES[purpose].allowed}, up to ${UPLOAD_PURPOSES[purpose].maxBytes / 1024 / 1024} MB.`;
