import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { voicePinSchema, VOICE_PIN_LENGTH } from '@contract/voice';
import { apiRequest, errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { TextField } from '@/ui/fields';
import { Form, StatusBox, useZodForm } from '@/ui/form';

/**
 * The PIN our voice line asks for (docs/decisions/0068): a caller from the phone number on this
 * account enters it before hearing anything about their request.
 */
export function VoicePinForm() {
  const form = useZodForm(voicePinSchema, { defaultValues: { pin: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  return (
    <div className="max-w-xl space-y-5">
      <h3 className="pt-4 text-xl font-bold">Voice Line PIN</h3>
      <p>
        Call our voice line from the phone number on your account to hear your request&apos;s status. The line asks for
        this PIN first.
      </p>
      <Form
        form={form}
        onSubmit={async (values, helpers) => {
          setAlert(null);
          setDone(null);
          try {
            const reply = await apiRequest<{ message: string }>('/account/voice-pin', {
              method: 'PUT',
              body: JSON.stringify(values),
            });
            form.reset({ pin: '' });
            setDone(reply.data.message);
          } catch (error) {
            if (!helpers.showServerErrors(error))
              setAlert(errorMessage(error, { noMessage: 'Failed to save your voice PIN. Please try again.' }));
          }
        }}
      >
        <TextField
          name="pin"
          label="New voice PIN"
          hint={`${VOICE_PIN_LENGTH} digits, for example 4821.`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={VOICE_PIN_LENGTH}
        />
        {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
        <Button type="submit" aria-disabled={busy || undefined}>
          <KeyRound aria-hidden="true" className="size-5" />
          {busy ? 'Saving...' : 'Save voice PIN'}
        </Button>
      </Form>
      <StatusBox>{done}</StatusBox>
    </div>
  );
}
