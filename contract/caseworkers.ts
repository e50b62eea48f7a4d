import { z } from 'zod';
import { oneLine } from './one-line';
import { emailSchemaFor, passwordSchema, phoneSchema, phoneSchemaFor } from './auth';
import { calendarDaySchema } from './calendar-day';
import { recipientFieldsFor, SPEAKING_OF_THE_PERSON } from './onboarding';
import { reasonSchema } from './requests';
import { uploadKeySchema } from './uploads';

/** Caseworkers and assisted applications (docs/decisions/0043). */

/** How long an invitation link works. */
export const INVITE_DAYS = 7;

export const CONSENT_METHODS = ['signed_form', 'spoken'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
export const CONSENT_METHOD_WORDS: Record<ConsentMethod, string> = {
  signed_form: 'Signed consent form',
  spoken: 'Spoken consent before a witness',
};

export const CONSENT_DATE_INVALID = 'Enter the date consent was given as a real date, no later than today.';
export const WITNESS_REQUIRED = 'Enter the name of the person who witnessed the consent.';
export const CONSENT_FORM_REQUIRED = 'Upload the signed consent form.';
export const CONSENT_METHOD_REQUIRED = 'Say how the person gave their consent.';

const personName = (what: string) =>
  oneLine(
    z
      .string({ error: `Enter the person's ${what}.` })
      .trim()
      .min(1, `Enter the person's ${what}.`)
      .max(80, `The ${what} is too long.`),
  );

/** A calendar day (calendar-day.ts) not after tomorrow in UTC, so Lagos's today passes. */
const consentDay = calendarDaySchema(CONSENT_DATE_INVALID).refine(
  (day) => new Date(`${day}T00:00:00Z`).getTime() <= Date.now() + 24 * 3600 * 1000,
  CONSENT_DATE_INVALID,
);

/** How the person agreed to the caseworker applying for them: a signed form, or spoken before a witness. */
export const consentSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('signed_form'),
      givenOn: consentDay,
      formKey: uploadKeySchema(CONSENT_FORM_REQUIRED),
    }),
    z.object({
      method: z.literal('spoken'),
      givenOn: consentDay,
      witnessName: oneLine(
        z
          .string({ error: WITNESS_REQUIRED })
          .trim()
          .min(1, WITNESS_REQUIRED)
          .max(120, "The witness's name is too long."),
      ),
    }),
  ],
  { error: CONSENT_METHOD_REQUIRED },
);
export type Consent = z.infer<typeof consentSchema>;

/** POST /api/organization/caseworkers: invite a caseworker by mail. */
export const inviteCaseworkerSchema = z.object({ email: emailSchemaFor("Enter the caseworker's email address.") });

/** What an organization sees of its caseworkers: the active ones and the invitations still open. */
export const organizationCaseworkersSchema = z.object({
  active: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      recipients_helped: z.number().int(),
      joined_at: z.string(),
    }),
  ),
  invited: z.array(
    z.object({ id: z.number().int(), email: z.string(), expires_at: z.string(), created_at: z.string() }),
  ),
});
export type OrganizationCaseworkers = z.infer<typeof organizationCaseworkersSchema>;

/** The invitation as its link shows it, before it is accepted. */
export const caseworkerInviteSchema = z.object({ email: z.string(), organization_name: z.string() });
export type CaseworkerInvite = z.infer<typeof caseworkerInviteSchema>;

export const inviteTokenParams = z.object({ token: z.string().min(1).max(200) });

/** POST /api/caseworker-invites/{token}/accept: the caseworker's own details and password. */
export const acceptInviteSchema = z.object({
  firstName: oneLine(
    z
      .string({ error: 'Enter your first name.' })
      .trim()
      .min(1, 'Enter your first name.')
      .max(80, 'Your first name is too long.'),
  ),
  lastName: oneLine(
    z
      .string({ error: 'Enter your last name.' })
      .trim()
      .min(1, 'Enter your last name.')
      .max(80, 'Your last name is too long.'),
  ),
  phoneNumber: phoneSchema,
  password: passwordSchema,
});
export type AcceptInvite = z.input<typeof acceptInviteSchema>;

/** The recipient's fields as a caseworker's form asks them: about the person, not "your". */
export const assistedRecipientFields = recipientFieldsFor(SPEAKING_OF_THE_PERSON);

/**
 * POST /api/caseworker/recipients: a caseworker applies for a person who consented: their details,
 * the recipient profile as the onboarding wizard asks it, the consent record and the device request.
 */
export const assistedApplicationSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  phoneNumber: phoneSchemaFor("Enter the person's phone number."),
  /** Left blank for a person with no email: they sign in with a code sent to their phone (docs/decisions/0066). */
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    emailSchemaFor("Enter the person's email address.").optional(),
  ),
  ...assistedRecipientFields,
  profilePhotoKey: uploadKeySchema('The photo upload is not valid. Choose the photo again.').optional(),
  idDocumentKey: uploadKeySchema('Upload the ID document.'),
  consent: consentSchema,
  productId: z.number({ error: 'Choose a device.' }).int('Choose a device.').positive('Choose a device.'),
  reason: reasonSchema,
});
export type AssistedApplication = z.input<typeof assistedApplicationSchema>;

export const recipientIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** A recipient a caseworker helped, as the caseworker sees them: no documents, only what they sent and where it stands. */
export const helpedRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  applied_at: z.string(),
  consent_method: z.enum(CONSENT_METHODS),
  consent_given_on: z.string(),
  witness_name: z.string().nullable(),
  /** The latest onboarding review: submitted, verified or correction_requested. */
  profile_status: z.string().nullable(),
  request: z
    .object({
      id: z.number().int(),
      product_name: z.string(),
      reason: z.string(),
      status: z.string(),
      delivery_status: z.string().nullable(),
    })
    .nullable(),
});
export type HelpedRecipient = z.infer<typeof helpedRecipientSchema>;

export const applyReplySchema = z.object({ message: z.string(), recipient: helpedRecipientSchema });

/** What admin review shows of an assisted application: who applied, for which organization, and the consent. */
export const assistedFactsSchema = z.object({
  caseworker_name: z.string().nullable(),
  organization_name: z.string().nullable(),
  consent_method: z.enum(CONSENT_METHODS),
  consent_given_on: z.string(),
  witness_name: z.string().nullable(),
  /** A link that works for a few minutes, admins only. */
  consent_form: z.object({ url: z.string(), file_name: z.string() }).nullable(),
});
export type AssistedFacts = z.infer<typeof assistedFactsSchema>;

/** "Assisted by Ada Obi (Lagos School for the Blind)", as review pages headline it. */
export function assistedByWords(facts: Pick<AssistedFacts, 'caseworker_name' | 'organization_name'>): string {
  const who = facts.caseworker_name ?? 'a caseworker no longer listed';
  return facts.organization_name ? `Assisted by ${who} (${facts.organization_name})` : `Assisted by ${who}`;
}
