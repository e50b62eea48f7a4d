import { z } from 'zod';
import { isOneLine, oneLine } from './one-line';

const PNG = 'image/png';
const JPEG = 'image/jpeg';
const WEBP = 'image/webp';
const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const MB = 1024 * 1024;

/**
 * What each kind of upload may be (product notes 5 and 9). `image` uploads are re-encoded and served to
 * anyone; the others are personal documents, read only through short-lived signed links.
 */
export const UPLOAD_PURPOSES = {
  profilePhoto: {
    types: [PNG, JPEG],
    allowed: 'PNG or JPG',
    maxBytes: 8 * MB,
    image: true,
    roles: ['recipient', 'caseworker'],
  },
  organizationLogo: {
    types: [PNG, JPEG],
    allowed: 'PNG or JPG',
    maxBytes: 8 * MB,
    image: true,
    roles: ['organization'],
  },
  idDocument: {
    types: [PNG, JPEG, PDF],
    allowed: 'PNG, JPG or PDF',
    maxBytes: 10 * MB,
    image: false,
    roles: ['recipient', 'caseworker'],
  },
  /** A recipient's signed consent to a caseworker applying for them (docs/decisions/0043). */
  consentForm: {
    types: [PNG, JPEG, PDF],
    allowed: 'PNG, JPG or PDF',
    maxBytes: 10 * MB,
    image: false,
    roles: ['caseworker'],
  },
  organizationDocument: {
    types: [PNG, JPEG, PDF, DOC, DOCX],
    allowed: 'PNG, JPG, PDF, DOC or DOCX',
    maxBytes: 10 * MB,
    image: false,
    roles: ['organization'],
  },
  productImage: {
    types: [PNG, JPEG, WEBP],
    allowed: 'PNG, JPEG or WebP',
    maxBytes: 8 * MB,
    image: true,
    roles: ['admin'],
  },
  storyImage: {
    types: [PNG, JPEG, WEBP],
    allowed: 'PNG, JPEG or WebP',
    maxBytes: 8 * MB,
    image: true,
    roles: ['admin'],
  },
  deliveryPhoto: {
    types: [PNG, JPEG, WEBP],
    allowed: 'PNG, JPEG or WebP',
    maxBytes: 8 * MB,
    image: true,
    roles: ['admin'],
  },
  /** A photo in a campaign update (docs/decisions/0038); recipients' updates are text only. */
  updatePhoto: {
    types: [PNG, JPEG, WEBP],
    allowed: 'PNG, JPEG or WebP',
    maxBytes: 8 * MB,
    image: true,
    roles: ['organization', 'admin'],
  },
  /** A supporter's fundraiser's photo (decision 0081), shown with the alt text its owner writes. */
  fundraiserPhoto: {
    types: [PNG, JPEG, WEBP],
    allowed: 'PNG, JPEG or WebP',
    maxBytes: 8 * MB,
    image: true,
    roles: ['donor'],
  },
  /** A sponsor's logo for its match pool (decision 0080), shown on campaign pages with the alt text an admin writes. */
  sponsorLogo: {
    types: [PNG, JPEG],
    allowed: 'PNG or JPG',
    maxBytes: 8 * MB,
    image: true,
    roles: ['admin'],
  },
} as const satisfies Record<
  string,
  {
    types: readonly string[];
    allowed: string;
    maxBytes: number;
    image: boolean;
    roles: readonly ('recipient' | 'organization' | 'caseworker' | 'admin' | 'donor')[];
  }
>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as [UploadPurpose, ...UploadPurpose[]];

/** The content type a browser should declare for a file, from its own type or else its name. */
export function contentTypeFor(file: { name: string; type: string }): string {
  if (file.type) return file.type === 'image/jpg' ? JPEG : file.type;
  const ext = file.name.toLowerCase().split('.').pop();
  const byExt: Record<string, string> = { png: PNG, jpg: JPEG, jpeg: JPEG, webp: WEBP, pdf: PDF, doc: DOC, docx: DOCX };
  return (ext && byExt[ext]) || 'application/octet-stream';
}

/** Product notes 7: POST /onboarding/generate-presigned-url. `purpose` says what the file is for. */
export const presignRequestSchema = z.object({
  fileName: oneLine(
    z.string({ error: 'Choose a file.' }).trim().min(1, 'Choose a file.').max(200, 'That file name is too long.'),
  ),
  fileType: z.string({ error: 'The file has no type.' }).trim().toLowerCase().min(1, 'The file has no type.').max(120),
  purpose: z.enum(UPLOAD_PURPOSE_NAMES, { error: 'Say what the file is for.' }),
});
export type PresignRequest = z.infer<typeof presignRequestSchema>;

export const presignReplySchema = z.object({
  presignedUrl: z.string(),
  key: z.string(),
  /** The largest file this address takes, in bytes. */
  maxBytes: z.number().int(),
});
export type PresignReply = z.infer<typeof presignReplySchema>;

/** A key as the browser hands it back: what `presignReplySchema` gave, nothing more. */
export const uploadKeySchema = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(300, message);

/**
 * An uploaded image with the one line a screen reader says for it (a fundraiser's photo, a sponsor's
 * logo): its upload key, and its description, required, trimmed and at most `altMax` characters.
 */
export const describedImageSchema = (words: {
  choose: string;
  required: string;
  thing: string;
  altMax: number;
  /** Said when the value is not an object at all. */
  invalid?: string;
}) =>
  z.object(
    {
      key: uploadKeySchema(words.choose),
      alt: z
        .string({ error: words.required })
        .trim()
        .min(1, words.required)
        .max(words.altMax, `Keep the ${words.thing}'s description to ${words.altMax} characters or fewer.`)
        .refine(isOneLine, `The ${words.thing}'s description should be one line of text.`),
    },
    words.invalid ? { error: words.invalid } : undefined,
  );
