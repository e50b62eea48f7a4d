import { useState } from 'react';
import { z } from 'zod';
import {
  FUNDRAISER_STORY_MAX,
  FUNDRAISER_TITLE_MAX,
  PHOTO_ALT_REQUIRED,
  fundraiserFormSchema,
  fundraiserPhotoSchema,
  type FundraiserForm,
} from '@contract/fundraisers';
import { errorMessage } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { FileField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NumberField } from '@/ui/number-field';

const schema = fundraiserFormSchema
  .extend({
    photo: fileRule('fundraiserPhoto', 'a photo', false),
    alt: z.string().trim().max(200, "A photo's description can be at most 200 characters."),
  })
  .superRefine((v, ctx) => {
    if (v.photo instanceof File && !v.alt) ctx.addIssue({ code: 'custom', path: ['alt'], message: PHOTO_ALT_REQUIRED });
  });

/** What the form sends: the words and goal, and a new photo with its description when one was chosen. */
export type FundraiserSubmission = FundraiserForm & { photo?: z.input<typeof fundraiserPhotoSchema> };

/**
 * The fundraiser's words, goal and optional photo, for starting one and for editing it: checked by
 * the contract's rule, as the server checks them. A chosen photo is uploaded first, then named in the
 * form's call; the server's refusal is said above the button and nothing typed is lost.
 */
export function FundraiserFields({
  initial,
  hasPhoto = false,
  submitLabel,
  busyLabel,
  failed,
  onSubmit,
}: {
  initial?: FundraiserForm;
  /** It has a photo already: a new one replaces it, and none chosen keeps it. */
  hasPhoto?: boolean;
  submitLabel: string;
  busyLabel: string;
  failed: string;
  onSubmit: (form: FundraiserSubmission) => Promise<void>;
}) {
  const form = useZodForm(schema, {
    defaultValues: { ...(initial ?? { title: '', story: '', goalNaira: undefined as unknown as number }), alt: '' },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      form={form}
      onSubmit={async ({ photo, alt, ...words }, helpers) => {
        setAlert(null);
        setBusy(true);
        try {
          const key =
            photo instanceof File
              ? await (await import('@/lib/uploads')).uploadFile(photo, 'fundraiserPhoto', () => undefined)
              : undefined;
          await onSubmit({ ...words, ...(key ? { photo: { key, alt } } : {}) });
        } catch (error) {
          if (!helpers.showServerErrors(error)) setAlert(errorMessage(error, { noMessage: failed }));
        } finally {
          setBusy(false);
        }
      }}
    >
      <TextField
        name="title"
        label="Title"
        hint={`Up to ${FUNDRAISER_TITLE_MAX} characters, for example "Walking 10 km for Ada's cane".`}
      />
      <TextField
        name="story"
        label="Your words"
        rows={8}
        hint={`Why you are raising money, in your own words. Up to ${FUNDRAISER_STORY_MAX.toLocaleString('en-NG')} characters. Our team reads them before they are public.`}
      />
      <NumberField name="goalNaira" label="Goal in naira" hint="Between ₦1,000 and ₦100,000,000." min={1000} />
      <FileField
        name="photo"
        label={hasPhoto ? 'A new photo (optional)' : 'Photo (optional)'}
        hint={`${limitText('fundraiserPhoto')}${hasPhoto ? ' Leave it empty to keep the photo you have.' : ''}`}
        accept={acceptFor('fundraiserPhoto')}
      />
      <TextField
        name="alt"
        label="Describe the photo"
        isRequired={false}
        hint="Needed with a photo: what it shows, for people who cannot see it."
      />
      <div role="alert">{alert ? <ErrorMessage>{alert}</ErrorMessage> : null}</div>
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
