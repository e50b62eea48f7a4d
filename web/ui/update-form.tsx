import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import {
  ALT_REQUIRED,
  postUpdateSchema,
  RECIPIENT_UPDATE_MAX,
  RECIPIENT_UPDATE_TOO_LONG,
  UPDATE_BODY_MAX,
  UPDATE_BODY_MIN,
} from '@contract/updates';
import { errorMessage } from '@/lib/api';
import type { UpdateDraft } from '@/lib/updates';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { Button } from './button';
import { FileField, TextField } from './fields';
import { Form, useZodForm } from './form';

const fullSchema = z
  .object({
    body: postUpdateSchema.shape.body,
    photo: fileRule('updatePhoto', 'a photo', false),
    alt: z.string().trim().max(200, "A photo's description can be at most 200 characters."),
    videoUrl: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.photo instanceof File && !v.alt) ctx.addIssue({ code: 'custom', path: ['alt'], message: ALT_REQUIRED });
    const video = postUpdateSchema.shape.videoUrl.safeParse(v.videoUrl);
    if (!video.success)
      ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: video.error.issues[0]?.message ?? '' });
  });
const shortSchema = z.object({
  body: postUpdateSchema.shape.body.pipe(z.string().max(RECIPIENT_UPDATE_MAX, RECIPIENT_UPDATE_TOO_LONG)),
});

/**
 * The "Post an update" form: the whole form (words, a photo with its description, a video link) for
 * an organization or an admin; `short` (words only, at most 500 characters) for a recipient, whose
 * update our team reads first. The result is announced and takes focus, in the status line below.
 */
export function UpdateForm({
  short = false,
  headingLevel = 2,
  showHeading = true,
  onPost,
}: {
  short?: boolean;
  headingLevel?: 2 | 3;
  /** False inside a dialog whose title already says it. */
  showHeading?: boolean;
  /** Sends the update; answers the sentence to show. */
  onPost: (draft: UpdateDraft) => Promise<string>;
}) {
  const form = useZodForm(short ? shortSchema : fullSchema, {
    defaultValues: { body: '', photo: null, alt: '', videoUrl: '' } as never,
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  const max = short ? RECIPIENT_UPDATE_MAX : UPDATE_BODY_MAX;
  const show = (ok: boolean, text: string) => {
    setResult({ ok, text });
    requestAnimationFrame(() => resultRef.current?.focus());
  };
  return (
    <section aria-labelledby={showHeading ? headingId : undefined} className="space-y-3">
      {showHeading ? (
        <Heading id={headingId} className="text-xl font-bold">
          Post an update
        </Heading>
      ) : null}
      {short ? (
        <p>Tell your donors how things are going. Our team reads each update before it is shown on your page.</p>
      ) : null}
      <Form
        form={form}
        className="space-y-4"
        onSubmit={async (values, helpers) => {
          try {
            const draft = values as UpdateDraft;
            const text = await onPost({ ...draft, videoUrl: draft.videoUrl?.trim() || undefined });
            form.reset();
            show(true, text);
          } catch (error) {
            if (!helpers.showServerErrors(error))
              show(false, errorMessage(error, { noMessage: 'The update could not be posted. Please try again.' }));
          }
        }}
      >
        <TextField
          name="body"
          label="Your update"
          rows={short ? 4 : 6}
          hint={`What has happened since the campaign started? Between ${UPDATE_BODY_MIN} and ${max.toLocaleString('en')} characters, plain text.`}
        />
        {short ? null : (
          <>
            <FileField
              name="photo"
              label="Photo (optional)"
              hint={limitText('updatePhoto')}
              accept={acceptFor('updatePhoto')}
            />
            <TextField
              name="alt"
              label="Describe the photo"
              isRequired={false}
              hint="Needed with a photo: what it shows, for people who cannot see it."
            />
            <TextField
              name="videoUrl"
              label="Video link (optional)"
              type="url"
              isRequired={false}
              hint="A YouTube or Vimeo link, starting with https://."
            />
          </>
        )}
        <Button type="submit" aria-disabled={form.formState.isSubmitting || undefined}>
          {form.formState.isSubmitting ? 'Posting...' : 'Post update'}
        </Button>
      </Form>
      <p
        ref={resultRef}
        tabIndex={-1}
        className={
          result
            ? `rounded-lg border-2 px-4 py-3 text-lg outline-offset-2 ${
                result.ok
                  ? 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100'
                  : 'border-red-700 bg-white text-red-800 dark:border-red-400 dark:bg-gray-950 dark:text-red-300'
              }`
            : 'sr-only'
        }
      >
        {result?.text}
      </p>
    </section>
  );
}
