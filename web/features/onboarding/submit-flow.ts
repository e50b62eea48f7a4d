import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { UploadPurpose } from '@contract/uploads';
import { ApiError, errorMessage } from '@/lib/api';
import { announce } from '@/lib/announce';
import { carrying } from '@/lib/page';
import { refreshSessionUser } from '@/lib/session';
import type { SubmitHelpers } from '@/ui/form';
import { OWN_REVIEW_KEY } from '@/lib/own-review';
import { SUBMIT_FAILED, uploadFile } from './api';
import { useUploadProgress } from './upload-progress';

type FileSpec = { field: string; keyField: string; file: File | null | undefined; purpose: UploadPurpose };

/**
 * What the wizard does on its last step: send each file (once: a file already sent keeps its key
 * if the form has to be sent again), submit the answers with the keys, refresh the session and go
 * to the dashboard. A failure leaves every answer in the form and says what went wrong, on the field
 * it concerns when it concerns one; `elsewhere` gets a problem with a field of the other step.
 */
export function useOnboardingSubmit(elsewhere: (field: string, message: string) => void) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const progress = useUploadProgress();
  const keys = useRef(new Map<File, string>());
  const [alert, setAlert] = useState<string | null>(null);

  async function run(
    files: FileSpec[],
    send: (keys: Record<string, string | undefined>) => Promise<{ message: string; redirectTo: string }>,
    helpers: SubmitHelpers,
    fieldsHere: string[],
    /** Carry the server's sentence to the next page, which shows it (a resubmission's dashboard). */
    carryMessage = false,
  ) {
    setAlert(null);
    progress.reset();
    const sent: Record<string, string | undefined> = {};
    for (const spec of files) {
      if (!spec.file) continue;
      const known = keys.current.get(spec.file);
      if (known) {
        sent[spec.keyField] = known;
        continue;
      }
      try {
        const key = await uploadFile(spec.file, spec.purpose, (p) => progress.report(spec.field, spec.file!.name, p));
        keys.current.set(spec.file, key);
        sent[spec.keyField] = key;
      } catch (error) {
        const message = errorMessage(error, { noMessage: 'Failed to upload file to S3.' });
        if (fieldsHere.includes(spec.field)) helpers.showErrors({ [spec.field]: message });
        else elsewhere(spec.field, message);
        return;
      }
    }
    let result: { message: string; redirectTo: string };
    try {
      result = await send(sent);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        // A refused file: forget its key so the next try sends the file again.
        const byKey: Record<string, string> = {};
        for (const spec of files) {
          const message = error.fieldErrors[spec.keyField]?.[0];
          if (!message) continue;
          if (spec.file) keys.current.delete(spec.file);
          if (fieldsHere.includes(spec.field)) byKey[spec.field] = message;
          else elsewhere(spec.field, message);
        }
        if (Object.keys(byKey).length) {
          helpers.showErrors(byKey);
          return;
        }
        if (helpers.showServerErrors(error)) return;
      }
      setAlert(errorMessage(error, { noMessage: SUBMIT_FAILED }));
      return;
    }
    // Carried, the sentence is said with the next page's name; otherwise now.
    if (!carryMessage) announce(result.message);
    // The answer is in, so the person moves on: a profile that cannot be fetched now is fetched by
    // the next page, and a connection failure here must not read as a failed submission.
    await refreshSessionUser().catch(() => undefined);
    await client.invalidateQueries({ queryKey: OWN_REVIEW_KEY });
    navigate(result.redirectTo, carryMessage ? { replace: true, state: carrying(result.message) } : { replace: true });
  }

  return { run, progress: progress.items, alert, setAlert };
}
