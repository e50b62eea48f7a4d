import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { recipientPrivacySchema, type RecipientPrivacy } from '@contract/onboarding';
import { publicFullName } from '@contract/public-name';
import { apiRequest, errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Form, StatusBox, useZodForm } from '@/ui/form';
import { PublicPrivacyFields } from '@/ui/privacy-fields';

/**
 * The recipient's say over what the public sees of them, changeable at any time: the same choice as
 * at onboarding, saved at once, with the name as the public will now read it.
 */
export function PrivacyForm({
  firstName,
  lastName,
  current,
}: {
  firstName: string;
  lastName: string;
  current: RecipientPrivacy;
}) {
  const client = useQueryClient();
  const form = useZodForm(recipientPrivacySchema, { defaultValues: current });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  return (
    <section aria-labelledby="privacy-heading" className="mt-10 max-w-xl space-y-5">
      <h2 id="privacy-heading" className="text-2xl font-bold">
        What the public sees
      </h2>
      <p className="text-lg text-gray-700 dark:text-gray-300">
        Public pages now name you as <strong>{publicFullName(firstName, lastName, current.publicName)}</strong>
        {current.showState ? ' and show your state of origin.' : ' and do not show your state of origin.'}
      </p>
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          setDone(null);
          try {
            const reply = await apiRequest<{ message: string }>('/profile/recipient/privacy', {
              method: 'PUT',
              body: JSON.stringify(values),
            });
            form.reset(values);
            setDone(reply.data.message);
            await Promise.allSettled([
              client.invalidateQueries({ queryKey: ['profile', 'recipient'] }),
              client.invalidateQueries({ queryKey: ['campaigns'] }),
            ]);
          } catch (error) {
            if (!helpers.showServerErrors(error))
              setAlert(errorMessage(error, { noMessage: 'Failed to save your privacy choices. Please try again.' }));
          }
        }}
      >
        <PublicPrivacyFields />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          {busy ? 'Saving...' : 'Save privacy choices'}
        </Button>
      </Form>
      <StatusBox>{done}</StatusBox>
    </section>
  );
}
