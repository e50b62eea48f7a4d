import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { SessionUser } from '@contract/auth';
import type { UploadPurpose } from '@contract/uploads';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { Form, useZodForm } from '@/ui/form';
import { submitOnboarding, type OnboardingAnswers, type OnboardingKind } from './api';
import { useOnboardingSubmit } from './submit-flow';
import { UploadProgressList } from './upload-progress';
import { WizardShell } from './wizard-shell';

type StepSchema = z.ZodType<FieldValues, FieldValues>;
type FileKeys = 'profilePhotoKey' | 'idDocumentKey';

/** A file field of a step and what its upload is for. */
type WizardFile = { field: string; purpose: UploadPurpose };

/**
 * One kind's wizard: the words, schema and fields of each of its two steps, the optional picture
 * on step 1 and the document on step 2, and the answers it sends. The steps' fields are the
 * contract's own rules, so the browser says what the server would.
 */
export type WizardKind<K extends OnboardingKind, A extends StepSchema, B extends StepSchema> = {
  kind: K;
  first: {
    title: string;
    intro: string;
    schema: A;
    defaults: (user: SessionUser) => NonNullable<Parameters<typeof useZodForm<A>>[1]>['defaultValues'];
    fields: () => ReactNode;
  };
  second: {
    title: string;
    intro: string;
    schema: B;
    defaults: NonNullable<Parameters<typeof useZodForm<B>>[1]>['defaultValues'];
    /** Step 2's fields may depend on step 1's answers (an organization's age decides its document types). */
    fields: (first: UseFormReturn<z.input<A>, unknown, z.output<A>>) => ReactNode;
    /** Step 2's fields a refusal of the server can land on. */
    fieldsHere: string[];
  };
  /** The optional picture on step 1, with the word its problems are told in ("photo", "logo"). */
  picture: WizardFile & { what: string };
  document: WizardFile;
  answers: (first: z.input<A>, second: z.output<B>) => Omit<OnboardingAnswers[K], FileKeys>;
};

/** The two-step wizard of every kind: step 1 about the account, step 2 its document, then the submission. */
export function Wizard<K extends OnboardingKind, A extends StepSchema, B extends StepSchema>({
  spec,
  user,
}: {
  spec: WizardKind<K, A, B>;
  user: SessionUser;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const first = useZodForm(spec.first.schema, { defaultValues: spec.first.defaults(user) });
  const second = useZodForm(spec.second.schema, { defaultValues: spec.second.defaults });
  const flow = useOnboardingSubmit((field, message) => {
    first.setError(field as never, { type: 'server', message });
    flow.setAlert(`There is a problem with your ${spec.picture.what}: ${message} Go back to step 1 to choose another.`);
  });
  const busy = second.formState.isSubmitting;

  if (step === 1) {
    return (
      <WizardShell step={1} stepTitle={spec.first.title} intro={spec.first.intro}>
        <Form form={first} onSubmit={() => setStep(2)}>
          {spec.first.fields()}
          <Button type="submit">Continue to step 2</Button>
        </Form>
      </WizardShell>
    );
  }

  return (
    <WizardShell step={2} stepTitle={spec.second.title} intro={spec.second.intro}>
      <Form
        form={second}
        onSubmit={(values, helpers) => {
          const answers = first.getValues();
          const fileOf = (from: object, field: string) => (from as Record<string, File | null | undefined>)[field];
          return flow.run(
            [
              { ...spec.picture, keyField: 'profilePhotoKey', file: fileOf(answers, spec.picture.field) },
              { ...spec.document, keyField: 'idDocumentKey', file: fileOf(values, spec.document.field) },
            ],
            (keys) =>
              submitOnboarding(spec.kind, {
                ...spec.answers(answers, values),
                profilePhotoKey: keys.profilePhotoKey,
                idDocumentKey: keys.idDocumentKey ?? '',
              } as OnboardingAnswers[K]),
            helpers,
            spec.second.fieldsHere,
          );
        }}
      >
        {flow.alert ? <ErrorMessage>{flow.alert}</ErrorMessage> : null}
        {spec.second.fields(first)}
        <UploadProgressList items={flow.progress} />
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="secondary" onClick={() => setStep(1)} disabled={busy}>
            Back to step 1
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit'}
          </Button>
        </div>
      </Form>
    </WizardShell>
  );
}
