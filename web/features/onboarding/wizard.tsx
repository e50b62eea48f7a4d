import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { SessionUser } from '@contract/auth';
import { notifyChoicesFor, type NotifyBy } from '@contract/sms';
import type { UploadPurpose } from '@contract/uploads';
import { Button } from '@/ui/button';
import { acceptFor } from '@/lib/files';
import { ErrorMessage } from '@/ui/feedback';
import { FileField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NotifyByField } from '@/ui/notify-by-field';
import { resubmitOnboarding, submitOnboarding, type OnboardingAnswers, type OnboardingKind } from './api';
import { useOnboardingSubmit } from './submit-flow';
import { UploadProgressList } from './upload-progress';
import { WizardShell } from './wizard-shell';

type StepSchema = z.ZodType<FieldValues, FieldValues>;

/** A step's file field, the last of the step, and what its upload is for. */
type WizardFile = { field: string; purpose: UploadPurpose; label: string; hint: string };

function WizardFileField({ file, onFile }: { file: WizardFile; onFile?: boolean }) {
  const hint = onFile ? `${file.hint} We already have one on file; choose a file only to replace it.` : file.hint;
  return <FileField name={file.field} label={file.label} hint={hint} accept={acceptFor(file.purpose)} />;
}

/**
 * A correction: the latest version's answers to start from, and which files are already on file
 * (the server keeps them when no new one is sent).
 */
export type WizardResume = {
  answers: Record<string, unknown>;
  hasPhoto: boolean;
  hasDocument: boolean;
  /** The admin's reason, shown above each step. */
  reason: string | null;
};

/** The answers of `from` that a step's schema names, over that step's own defaults. */
function prefill<D>(defaults: D, schema: StepSchema, from: Record<string, unknown> | undefined): D {
  if (!from || !('shape' in schema)) return defaults;
  const names = Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape);
  const picked = Object.fromEntries(names.filter((n) => from[n] !== undefined).map((n) => [n, from[n]]));
  return { ...(defaults as object), ...picked } as D;
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
  document: WizardFile & {
    /** Step 2's schema when a document is already on file, so choosing one again is optional. */
    optional: (schema: B) => B;
  };
};

/** A step's answers without its file, which is sent on its own and named by its key. */
function withoutFile(answers: object, field: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([name]) => name !== field));
}

/** The two-step wizard of every kind: step 1 about the account, step 2 its document, then the submission. */
export function Wizard<K extends OnboardingKind, A extends StepSchema, B extends StepSchema>({
  spec,
  user,
  resume,
}: {
  spec: WizardKind<K, A, B>;
  user: SessionUser;
  resume?: WizardResume;
}) {
  const [step, setStep] = useState<1 | 2>(1);
  const choices = notifyChoicesFor(user);
  const firstDefaults = spec.first.defaults(user);
  // An account with no email is told on its phone: its default is SMS, not a choice it cannot have.
  const told = firstDefaults as { notifyBy?: NotifyBy };
  if (told.notifyBy && !choices.includes(told.notifyBy)) told.notifyBy = 'sms';
  const first = useZodForm(spec.first.schema, {
    defaultValues: prefill(firstDefaults, spec.first.schema, resume?.answers),
  });
  const second = useZodForm(resume?.hasDocument ? spec.document.optional(spec.second.schema) : spec.second.schema, {
    defaultValues: prefill(spec.second.defaults, spec.second.schema, resume?.answers),
  });
  const flow = useOnboardingSubmit((field, message) => {
    first.setError(field as never, { type: 'server', message });
    flow.setAlert(`There is a problem with your ${spec.picture.what}: ${message} Go back to step 1 to choose another.`);
  });
  const busy = second.formState.isSubmitting;
  const title = resume ? 'Correct Your Profile' : undefined;
  const intro = (text: string) =>
    resume ? (
      <>
        <p>
          <strong>What to correct:</strong> {resume.reason}
        </p>
        <p>{text} Your answers are filled in; change what the review asked for and send it again.</p>
      </>
    ) : (
      text
    );

  if (step === 1) {
    return (
      <WizardShell step={1} stepTitle={spec.first.title} intro={intro(spec.first.intro)} title={title}>
        <Form form={first} onSubmit={() => setStep(2)}>
          {spec.first.fields()}
          {resume ? null : <NotifyByField hint="You can change this later in Settings." choices={choices} />}
          <WizardFileField file={spec.picture} onFile={resume?.hasPhoto} />
          <Button type="submit">Continue to step 2</Button>
        </Form>
      </WizardShell>
    );
  }

  return (
    <WizardShell step={2} stepTitle={spec.second.title} intro={intro(spec.second.intro)} title={title}>
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
            (keys) => {
              const { notifyBy, ...rest } = answers as typeof answers & { notifyBy?: string };
              const sent = {
                ...withoutFile(rest, spec.picture.field),
                // A correction leaves how the person is told as the account has it.
                ...(resume ? {} : { notifyBy }),
                ...withoutFile(values, spec.document.field),
                profilePhotoKey: keys.profilePhotoKey,
              };
              return resume
                ? resubmitOnboarding(spec.kind, { ...sent, idDocumentKey: keys.idDocumentKey } as OnboardingAnswers[K])
                : submitOnboarding(spec.kind, {
                    ...sent,
                    idDocumentKey: keys.idDocumentKey ?? '',
                  } as OnboardingAnswers[K]);
            },
            helpers,
            spec.second.fieldsHere,
            Boolean(resume),
          );
        }}
      >
        {flow.alert ? <ErrorMessage>{flow.alert}</ErrorMessage> : null}
        {spec.second.fields(first)}
        <WizardFileField file={spec.document} onFile={resume?.hasDocument} />
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
