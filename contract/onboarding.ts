import { z } from 'zod';
import { oneLine } from './one-line';
import { NIGERIAN_STATES } from './nigeria';
import { DEFAULT_PUBLIC_NAME, publicNameSchema } from './public-name';
import { NOTIFY_BY } from './sms';
import { uploadKeySchema } from './uploads';

export const GENDERS = ['Male', 'Female'] as const;
export const EMPLOYMENT_STATUSES = ['Employed', 'Self-employed', 'Unemployed', 'Student'] as const;
export const RECIPIENT_ID_TYPES = ['NIN', 'VotersCard', 'DriversLicence'] as const;
/** Whose ID it is: product notes 1 let a minor or a person without ID send a parent's or guardian's. */
export const ID_HOLDERS = ['self', 'parentOrGuardian'] as const;
/**
 * Organization papers (product notes 5), plus the letter of consent product notes 1 allow an organization older than
 * 50 years that has no registration papers.
 */
export const ORGANIZATION_DOCUMENT_TYPES = ['CAC', 'TrustDeed', 'Incorporation', 'Other', 'ConsentLetter'] as const;
export const CONSENT_LETTER_MIN_AGE_YEARS = 50;

export const ID_TYPE_LABELS: Record<string, string> = {
  NIN: 'National Identification Number (NIN) slip or card',
  VotersCard: "Voter's card",
  DriversLicence: "Driver's licence",
  CAC: 'CAC registration certificate',
  TrustDeed: 'Trust deed',
  Incorporation: 'Certificate of incorporation',
  Other: 'Other registration document',
  ConsentLetter: 'Letter of consent (organizations 50 or more years old without registration papers)',
};

const bio = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(2000, 'Please keep this under 2,000 characters.');

/**
 * What the public may see of a recipient: the name's form and whether the state of origin shows. The
 * defaults (first name and initial, no state) are the private ones, so a caller that says nothing
 * shares the least.
 */
function recipientPrivacyFields() {
  return {
    publicName: publicNameSchema.default(DEFAULT_PUBLIC_NAME),
    showState: z.boolean({ error: 'Say whether your state may be shown.' }).default(false),
  };
}

/** A recipient changing the privacy choice later, from the profile page. */
export const recipientPrivacySchema = z.object({
  publicName: publicNameSchema,
  showState: z.boolean({ error: 'Say whether your state may be shown.' }),
});
export type RecipientPrivacy = z.infer<typeof recipientPrivacySchema>;
export const recipientPrivacyReplySchema = recipientPrivacySchema.extend({ message: z.string() });

/**
 * Whom the recipient's fields speak of: the person filling them in, or, on a caseworker's form,
 * the person they apply for (docs/decisions/0043), so no message asks the caseworker for "your" age.
 */
export type Whose = { your: string; yourself: string };
export const SPEAKING_TO_THEM: Whose = { your: 'your', yourself: 'yourself' };
export const SPEAKING_OF_THE_PERSON: Whose = { your: "the person's", yourself: 'them' };

/** Each field on its own, so the wizard can check one step at a time with the same rules. */
export function recipientFieldsFor({ your, yourself }: Whose) {
  return {
    gender: z.enum(GENDERS, { error: `Select ${your} gender.` }),
    age: z
      .number({ error: `Enter ${your} age.` })
      .int(`Enter ${your} age in whole years.`)
      .min(1, 'Age must be between 1 and 120.')
      .max(120, 'Age must be between 1 and 120.'),
    stateOfOrigin: z.enum(NIGERIAN_STATES, { error: `Select ${your} state of origin.` }),
    recipientBio: bio(`Tell us a little about ${yourself}.`),
    employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: `Select ${your} employment status.` }),
    idType: z.enum(RECIPIENT_ID_TYPES, { error: 'Select the type of ID.' }),
    idHolder: z.enum(ID_HOLDERS, { error: 'Say whose ID this is.' }).default('self'),
    ...recipientPrivacyFields(),
  };
}
export const recipientFields = recipientFieldsFor(SPEAKING_TO_THEM);

/** Both wizards end with the same two files: a photo (a recipient's own, an organization's logo) and the document. */
const fileKeys = (messages: { photo: string; document: string }) => ({
  profilePhotoKey: uploadKeySchema(messages.photo).optional(),
  idDocumentKey: uploadKeySchema(messages.document),
});

/** How the person is told about their request; the account's current choice stays when it is left out. */
const notifyByField = {
  notifyBy: z.enum(NOTIFY_BY, { error: 'Choose how we should tell you: email, SMS, both or WhatsApp.' }).optional(),
};

export const recipientOnboardingSchema = z.object({
  ...recipientFields,
  ...notifyByField,
  ...fileKeys({
    photo: 'The profile photo upload is not valid. Choose the photo again.',
    document: 'Upload your ID document.',
  }),
});
export type RecipientOnboarding = z.infer<typeof recipientOnboardingSchema>;

export const thisYear = () => new Date().getFullYear();

export const organizationFields = {
  organizationName: oneLine(
    z
      .string({ error: "Enter your organization's name." })
      .trim()
      .min(1, "Enter your organization's name.")
      .max(160, 'That name is too long.'),
  ),
  yearOfEstablishment: z
    .number({ error: 'Enter the year your organization was established.' })
    .int('Enter a year such as 1998.')
    .min(1900, `Year of establishment must be between 1900 and ${thisYear()}.`)
    .refine((y) => y <= thisYear(), `Year of establishment must be between 1900 and ${thisYear()}.`),
  stateOfOperation: z.enum(NIGERIAN_STATES, { error: 'Select your state of operation.' }),
  organizationBio: bio('Tell us about your organization.'),
  idType: z.enum(ORGANIZATION_DOCUMENT_TYPES, { error: 'Select the type of document.' }),
};

/** A letter of consent stands in for papers only for an organization at least 50 years old. */
export function consentLetterAllowed(yearOfEstablishment: number): boolean {
  return thisYear() - yearOfEstablishment >= CONSENT_LETTER_MIN_AGE_YEARS;
}
export const CONSENT_LETTER_REFUSED = `A letter of consent is for organizations established ${CONSENT_LETTER_MIN_AGE_YEARS} or more years ago. Choose a registration document.`;

export const organizationOnboardingSchema = z
  .object({
    ...organizationFields,
    ...notifyByField,
    ...fileKeys({
      photo: 'The logo upload is not valid. Choose the logo again.',
      document: "Upload your organization's document.",
    }),
  })
  .superRefine((v, ctx) => {
    if (v.idType === 'ConsentLetter' && !consentLetterAllowed(v.yearOfEstablishment)) {
      ctx.addIssue({ code: 'custom', path: ['idType'], message: CONSENT_LETTER_REFUSED });
    }
  });
export type OrganizationOnboarding = z.infer<typeof organizationOnboardingSchema>;

export const onboardingReplySchema = z.object({ message: z.string(), redirectTo: z.string() });

/** A private document as its owner or an admin sees it: a link that works for a few minutes. */
const documentLink = z.string().nullable();

/** Product notes 3: recipient profile. */
export const recipientProfileSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** Null for a recipient known only by their phone number (docs/decisions/0066). */
  email: z.string().nullable(),
  profile_photo_url: z.string().nullable(),
  age: z.number().int(),
  gender: z.string(),
  state_of_origin: z.string(),
  employment_status: z.string(),
  recipient_bio: z.string(),
  id_type: z.string(),
  id_holder: z.enum(ID_HOLDERS),
  id_document_url: documentLink,
  public_name: publicNameSchema,
  show_state: z.boolean(),
});
export type RecipientProfile = z.infer<typeof recipientProfileSchema>;

/** Product notes 3: organization profile. */
export const organizationProfileSchema = z.object({
  organization_name: z.string(),
  email: z.string(),
  profile_photo_url: z.string().nullable(),
  year_of_establishment: z.number().int().nullable(),
  state_of_operation: z.string().nullable(),
  id_type: z.string().nullable(),
  id_document_url: documentLink,
  organization_bio: z.string().nullable(),
});
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;
