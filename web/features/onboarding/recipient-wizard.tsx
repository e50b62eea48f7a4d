import { useState } from 'react';
import { z } from 'zod';
import {
  EMPLOYMENT_STATUSES,
  GENDERS,
  ID_TYPE_LABELS,
  RECIPIENT_ID_TYPES,
  recipientFields,
} from '@contract/onboarding';
import { NIGERIAN_STATES } from '@contract/nigeria';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { FileField, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NumberField } from '@/ui/number-field';
import { Select } from '@/ui/select-field';
import { submitRecipient } from './api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { useOnboardingSubmit } from './submit-flow';
import { UploadProgressList } from './upload-progress';
import { WizardShell } from './wizard-shell';

const aboutYou = z.object({
  gender: recipientFields.gender,
  age: recipientFields.age,
  stateOfOrigin: recipientFields.stateOfOrigin,
  recipientBio: recipientFields.recipientBio,
  employmentStatus: recipientFields.employmentStatus,
  photo: fileRule('profilePhoto', 'a photo', false),
});

const identity = z.object({
  idHolder: recipientFields.idHolder,
  idType: recipientFields.idType,
  idDocument: fileRule('idDocument', 'your ID document', true),
});

const stateOptions = NIGERIAN_STATES.map((s) => ({ value: s, label: s }));

export function RecipientWizard() {
  const [step, setStep] = useState<1 | 2>(1);
  const first = useZodForm(aboutYou, { defaultValues: { recipientBio: '', photo: null } });
  const second = useZodForm(identity, { defaultValues: { idHolder: 'self', idDocument: null } });
  const flow = useOnboardingSubmit((field, message) => {
    first.setError(field as 'photo', { type: 'server', message });
    flow.setAlert(`There is a problem with your photo: ${message} Go back to step 1 to choose another.`);
  });

  const busy = second.formState.isSubmitting;

  if (step === 1) {
    return (
      <WizardShell
        step={1}
        stepTitle="About you"
        intro="Tell us about yourself so we can match you with the right device. Every field is required unless it says optional."
      >
        <Form form={first} onSubmit={() => setStep(2)}>
          <RadioGroup name="gender" legend="Gender" options={GENDERS.map((g) => ({ value: g, label: g }))} />
          <NumberField name="age" label="Age" hint="In years, from 1 to 120." min={1} max={120} />
          <Select name="stateOfOrigin" label="State of origin" options={stateOptions} placeholder="Choose a state" />
          <TextField
            name="recipientBio"
            label="About you"
            hint="What you do, and how a device would help you. A few sentences are enough."
            rows={5}
            maxLength={2000}
          />
          <RadioGroup
            name="employmentStatus"
            legend="Employment status"
            options={EMPLOYMENT_STATUSES.map((e) => ({ value: e, label: e }))}
          />
          <FileField
            name="photo"
            label="Profile photo (optional)"
            hint={`A clear photo of you for your campaign page. ${limitText('profilePhoto')} We remove location and camera details from it.`}
            accept={acceptFor('profilePhoto')}
          />
          <Button type="submit">Continue to step 2</Button>
        </Form>
      </WizardShell>
    );
  }

  return (
    <WizardShell
      step={2}
      stepTitle="Your ID"
      intro="We check every request against an ID document. Only you and our review team can open it."
    >
      <Form
        form={second}
        onSubmit={(values, helpers) => {
          const answers = first.getValues();
          return flow.run(
            [
              { field: 'photo', keyField: 'profilePhotoKey', file: answers.photo, purpose: 'profilePhoto' },
              { field: 'idDocument', keyField: 'idDocumentKey', file: values.idDocument, purpose: 'idDocument' },
            ],
            (keys) =>
              submitRecipient({
                gender: answers.gender,
                age: answers.age,
                stateOfOrigin: answers.stateOfOrigin,
                recipientBio: answers.recipientBio,
                employmentStatus: answers.employmentStatus,
                idType: values.idType,
                idHolder: values.idHolder,
                profilePhotoKey: keys.profilePhotoKey,
                idDocumentKey: keys.idDocumentKey ?? '',
              }),
            helpers,
            ['idDocument'],
          );
        }}
      >
        {flow.alert ? <ErrorMessage>{flow.alert}</ErrorMessage> : null}
        <RadioGroup
          name="idHolder"
          legend="Whose ID will you upload?"
          options={[
            { value: 'self', label: 'My own ID' },
            {
              value: 'parentOrGuardian',
              label: "A parent's or guardian's ID",
              description: 'For anyone under 18, or anyone who has no ID of their own.',
            },
          ]}
        />
        <RadioGroup
          name="idType"
          legend="Type of ID"
          options={RECIPIENT_ID_TYPES.map((t) => ({ value: t, label: ID_TYPE_LABELS[t]! }))}
        />
        <FileField
          name="idDocument"
          label="ID document"
          hint={`A photo or scan of the ID. ${limitText('idDocument')}`}
          accept={acceptFor('idDocument')}
        />
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
