import {
  FUNDRAISER_STORY_MAX,
  FUNDRAISER_TITLE_MAX,
  fundraiserFormSchema,
  type FundraiserForm,
} from '@contract/fundraisers';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NumberField } from '@/ui/number-field';
import { useState } from 'react';

/**
 * The fundraiser's words and goal, for starting one and for editing it: checked by the contract's
 * rule, as the server checks them; the server's refusal is said above the button and nothing typed
 * is lost.
 */
export function FundraiserFields({
  initial,
  submitLabel,
  busyLabel,
  failed,
  onSubmit,
}: {
  initial?: FundraiserForm;
  submitLabel: string;
  busyLabel: string;
  failed: string;
  onSubmit: (form: FundraiserForm) => Promise<void>;
}) {
  const form = useZodForm(fundraiserFormSchema, {
    defaultValues: initial ?? { title: '', story: '', goalNaira: undefined as unknown as number },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        setAlert(null);
        setBusy(true);
        try {
          await onSubmit(values);
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
      <div role="alert">{alert ? <ErrorMessage>{alert}</ErrorMessage> : null}</div>
      <Button type="submit" aria-disabled={busy || undefined}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
