import { z } from 'zod';
import type { SessionUser } from '@contract/auth';
import { NIGERIAN_STATES } from '@contract/nigeria';
import { NOTIFY_BY } from '@contract/sms';
import { DEFAULT_PUBLIC_NAME } from '@contract/public-name';
import {
  consentLetterAllowed,
  CONSENT_LETTER_MIN_AGE_YEARS,
  EMPLOYMENT_STATUSES,
  GENDERS,
  ID_TYPE_LABELS,
  ORGANIZATION_DOCUMENT_TYPES,
  organizationFields,
  RECIPIENT_ID_TYPES,
  recipientFields,
  thisYear,
} from '@contract/onboarding';
import { fileRule, limitText } from '@/lib/files';
import { RadioGroup, TextField } from '@/ui/fields';
import { NumberField } from '@/ui/number-field';
import { Select } from '@/ui/select-field';
import { PublicPrivacyFields } from '@/ui/privacy-fields';
import { Wizard, type WizardKind, type WizardResume } from './wizard';
import type { OnboardingKind } from './api';

// Asked only at the first onboarding (a correction leaves the account's setting alone), so optional here.
const notifyByChoice = z
  .enum(NOTIFY_BY, { error: 'Choose how we should tell you: email, SMS, both or WhatsApp.' })
  .optional();

const stateOptions = NIGERIAN_STATES.map((s) => ({ value: s, label: s }));

/** A wizard of a kind, its types fixed by its own steps' schemas. */
const wizardKind = <K extends OnboardingKind, A extends z.ZodObject, B extends z.ZodObject>(
  spec: WizardKind<K, A, B>,
) => spec;

const recipient = wizardKind({
  kind: 'recipient',
  first: {
    title: 'About you',
    intro:
      'Tell us about yourself so we can match you with the right device. Every field is required unless it says optional.',
    schema: z.object({
      gender: recipientFields.gender,
      age: recipientFields.age,
      stateOfOrigin: recipientFields.stateOfOrigin,
      recipientBio: recipientFields.recipientBio,
      employmentStatus: recipientFields.employmentStatus,
      publicName: recipientFields.publicName,
      showState: recipientFields.showState,
      notifyBy: notifyByChoice,
      photo: fileRule('profilePhoto', 'a photo', false),
    }),
    defaults: () => ({
      recipientBio: '',
      photo: null,
      publicName: DEFAULT_PUBLIC_NAME,
      showState: false,
      notifyBy: 'both' as const,
    }),
    fields: () => (
      <>
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
        <PublicPrivacyFields />
      </>
    ),
  },
  second: {
    title: 'Your ID',
    intro: 'We check every request against an ID document. Only you and our review team can open it.',
    schema: z.object({
      idHolder: recipientFields.idHolder,
      idType: recipientFields.idType,
      idDocument: fileRule('idDocument', 'your ID document', true),
    }),
    defaults: { idHolder: 'self', idDocument: null },
    fields: () => (
      <>
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
      </>
    ),
    fieldsHere: ['idDocument'],
  },
  picture: {
    field: 'photo',
    purpose: 'profilePhoto',
    what: 'photo',
    label: 'Profile photo (optional)',
    hint: `A clear photo of you for your campaign page. ${limitText('profilePhoto')} We remove location and camera details from it.`,
  },
  document: {
    field: 'idDocument',
    purpose: 'idDocument',
    label: 'ID document',
    hint: `A photo or scan of the ID. ${limitText('idDocument')}`,
    optional: (schema) => schema.extend({ idDocument: fileRule('idDocument', 'your ID document', false) }),
  },
});

const organization = wizardKind({
  kind: 'organization',
  first: {
    title: 'About your organization',
    intro: 'Tell donors and our review team who you are. Every field is required unless it says optional.',
    schema: z.object({
      organizationName: organizationFields.organizationName,
      yearOfEstablishment: organizationFields.yearOfEstablishment,
      stateOfOperation: organizationFields.stateOfOperation,
      organizationBio: organizationFields.organizationBio,
      notifyBy: notifyByChoice,
      logo: fileRule('organizationLogo', 'a logo', false),
    }),
    defaults: (user) => ({
      organizationName: user.organizationName ?? '',
      organizationBio: '',
      notifyBy: 'email' as const,
      logo: null,
    }),
    fields: () => (
      <>
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
      </>
    ),
  },
  second: {
    title: 'Registration papers',
    intro: 'We check every organization against its papers. Only your team and our review team can open them.',
    schema: z.object({
      idType: organizationFields.idType,
      document: fileRule('organizationDocument', "your organization's document", true),
    }),
    defaults: { document: null },
    fields: (first) => {
      const year = first.watch('yearOfEstablishment');
      const oldEnough = typeof year === 'number' && consentLetterAllowed(year);
      const documentTypes = ORGANIZATION_DOCUMENT_TYPES.filter((t) => t !== 'ConsentLetter' || oldEnough);
      return (
        <>
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
        </>
      );
    },
    fieldsHere: ['document', 'idType'],
  },
  picture: {
    field: 'logo',
    purpose: 'organizationLogo',
    what: 'logo',
    label: 'Logo (optional)',
    hint: limitText('organizationLogo'),
  },
  document: {
    field: 'document',
    purpose: 'organizationDocument',
    label: 'Document',
    hint: limitText('organizationDocument'),
    optional: (schema) =>
      schema.extend({ document: fileRule('organizationDocument', "your organization's document", false) }),
  },
});

/** The signed-in account's wizard, by its kind; with `resume`, a correction of the latest version. */
export function KindWizard({ kind, user, resume }: { kind: OnboardingKind; user: SessionUser; resume?: WizardResume }) {
  return kind === 'organization' ? (
    <Wizard spec={organization} user={user} resume={resume} />
  ) : (
    <Wizard spec={recipient} user={user} resume={resume} />
  );
}
