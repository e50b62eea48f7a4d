import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { SessionUser } from '@contract/auth';
import type { UploadPurpose } from '@contract/uploads';
import { Button } from '@/ui/button';
import { acceptFor } from '@/lib/files';
import { ErrorMessage } from '@/ui/feedback';
import { FileField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { submitOnboarding, type OnboardingAnswers, type OnboardingKind } from './api';
import { useOnboardingSubmit } from './submit-flow';
import { UploadProgressList } from './upload-progress';
import { WizardShell } from './wizard-shell';

type StepSchema = z.ZodType<FieldValues, FieldValues>;

/** A step's file field, the last of the step, and what its upload is for. */
type WizardFile = { field: string; purpose: UploadPurpose; label: string; hint: string };

function WizardFileField({ file }: { file: WizardFile }) {
  return <FileField name={file.field} label={file.label} hint={file.hint} accept={acceptFor(file.purpose)} />;
}

/**
 * One kind's wizard: the words, schema and fields of each of its two steps, the optional picture
 * on step 1 and the document on step 2. The steps' fields are the contract's own rules, so the
 * browser says what the server would, and together (files aside) they are what is submitted.
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
};

/** A step's answers without its file, which is sent on its own and named by its key. */
function withoutFile(answers: object, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([name]) => name !== field));
}

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
          <WizardFileField file={spec.picture} />
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
          // The steps' schemas are made of the contract's fields, so their answers are the submission's.
          return flow.run(
            [
              {
                field: spec.picture.field,
                keyField: 'profilePhotoKey',
                file: fileOf(answers, spec.picture.field),
                purpose: spec.picture.purpose,
              },
              {
                field: spec.document.field,
                keyField: 'idDocumentKey',
                file: fileOf(values, spec.document.field),
                purpose: spec.document.purpose,
              },
            ],
            (keys) =>
              submitOnboarding(spec.kind, {
                ...withoutFile(answers, spec.picture.field),
                ...withoutFile(values, spec.document.field),
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
        <WizardFileField file={spec.document} />
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
