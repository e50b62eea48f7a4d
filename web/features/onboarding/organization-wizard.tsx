import { useState } from 'react';
import { z } from 'zod';
import {
  consentLetterAllowed,
  CONSENT_LETTER_MIN_AGE_YEARS,
  ID_TYPE_LABELS,
  ORGANIZATION_DOCUMENT_TYPES,
  organizationFields,
  thisYear,
} from '@contract/onboarding';
import { NIGERIAN_STATES } from '@contract/nigeria';
import { Button } from '@/ui/button';
import { ErrorMessage } from '@/ui/feedback';
import { FileField, RadioGroup, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { NumberField } from '@/ui/number-field';
import { Select } from '@/ui/select-field';
import { submitOrganization } from './api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { useOnboardingSubmit } from './submit-flow';
import { UploadProgressList } from './upload-progress';
import { WizardShell } from './wizard-shell';

const aboutOrganization = z.object({
  organizationName: organizationFields.organizationName,
  yearOfEstablishment: organizationFields.yearOfEstablishment,
  stateOfOperation: organizationFields.stateOfOperation,
  organizationBio: organizationFields.organizationBio,
  logo: fileRule('organizationLogo', 'a logo', false),
});

const papers = z.object({
  idType: organizationFields.idType,
  document: fileRule('organizationDocument', "your organization's document", true),
});

const stateOptions = NIGERIAN_STATES.map((s) => ({ value: s, label: s }));

export function OrganizationWizard({ organizationName }: { organizationName: string }) {
  const [step, setStep] = useState<1 | 2>(1);
  const first = useZodForm(aboutOrganization, { defaultValues: { organizationName, organizationBio: '', logo: null } });
  const second = useZodForm(papers, { defaultValues: { document: null } });
  const flow = useOnboardingSubmit((field, message) => {
    first.setError(field as 'logo', { type: 'server', message });
    flow.setAlert(`There is a problem with your logo: ${message} Go back to step 1 to choose another.`);
  });
  const busy = second.formState.isSubmitting;
  const year = first.watch('yearOfEstablishment');
  const oldEnough = typeof year === 'number' && consentLetterAllowed(year);
  const documentTypes = ORGANIZATION_DOCUMENT_TYPES.filter((t) => t !== 'ConsentLetter' || oldEnough);

  if (step === 1) {
    return (
      <WizardShell
        step={1}
        stepTitle="About your organization"
        intro="Tell donors and our review team who you are. Every field is required unless it says optional."
      >
        <Form form={first} onSubmit={() => setStep(2)}>
          <TextField name="organizationName" label="Organization name" autoComplete="organization" maxLength={160} />
          <NumberField
            name="yearOfEstablishment"
            label="Year of establishment"
            hint={`From 1900 to ${thisYear()}.`}
            min={1900}
            max={thisYear()}
          />
          <Select
            name="stateOfOperation"
            label="State of operation"
            options={stateOptions}
            placeholder="Choose a state"
          />
          <TextField
            name="organizationBio"
            label="About your organization"
            hint="Who you serve and how assistive devices would help them."
            rows={5}
            maxLength={2000}
          />
          <FileField
            name="logo"
            label="Logo (optional)"
            hint={limitText('organizationLogo')}
            accept={acceptFor('organizationLogo')}
          />
          <Button type="submit">Continue to step 2</Button>
        </Form>
      </WizardShell>
    );
  }

  return (
    <WizardShell
      step={2}
      stepTitle="Registration papers"
      intro="We check every organization against its papers. Only your team and our review team can open them."
    >
      <Form
        form={second}
        onSubmit={(values, helpers) => {
          const answers = first.getValues();
          return flow.run(
            [
              { field: 'logo', keyField: 'profilePhotoKey', file: answers.logo, purpose: 'organizationLogo' },
              { field: 'document', keyField: 'idDocumentKey', file: values.document, purpose: 'organizationDocument' },
            ],
            (keys) =>
              submitOrganization({
                organizationName: answers.organizationName,
                yearOfEstablishment: answers.yearOfEstablishment,
                stateOfOperation: answers.stateOfOperation,
                organizationBio: answers.organizationBio,
                idType: values.idType,
                profilePhotoKey: keys.profilePhotoKey,
                idDocumentKey: keys.idDocumentKey ?? '',
              }),
            helpers,
            ['document', 'idType'],
          );
        }}
      >
        {flow.alert ? <ErrorMessage>{flow.alert}</ErrorMessage> : null}
        <RadioGroup
          name="idType"
          legend="Type of document"
          hint={
            oldEnough
              ? `Established ${CONSENT_LETTER_MIN_AGE_YEARS} or more years ago and without registration papers? You may upload a letter of consent instead.`
              : `Organizations established ${CONSENT_LETTER_MIN_AGE_YEARS} or more years ago without registration papers may upload a letter of consent instead.`
          }
          options={documentTypes.map((t) => ({ value: t, label: ID_TYPE_LABELS[t]! }))}
        />
        <FileField
          name="document"
          label="Document"
          hint={limitText('organizationDocument')}
          accept={acceptFor('organizationDocument')}
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
