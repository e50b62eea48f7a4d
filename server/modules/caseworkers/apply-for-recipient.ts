import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { assistedApplicationSchema } from '@contract/caseworkers';
import { fitsSms, HELP_LINE } from '@contract/sms';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { assistedApplications, organizationProfiles, products, users } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import { enqueueSms, JOB } from '../../jobs/names';
import { findUserByEmail, phoneOnlyAccount, roleIdByName } from '../accounts/queries';
import { writeRequest } from '../campaigns/requests';
import { markOnboardingComplete, saveRecipientProfile } from '../onboarding/queries';
import { insertSubmission } from '../onboarding/review-queries';
import type { OnboardingSentJob } from '../onboarding/submit-onboarding';
import { acceptUploads } from '../uploads/accept-upload';
import { helpedRecipient } from './helped-recipients';
import { caseworkerOrganization } from './queries';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'jobs'>;
export type AssistedInput = z.output<typeof assistedApplicationSchema>;

export const PERSON_HAS_ACCOUNT =
  'This person already has an account with that email. They can sign in and apply themselves, or use another email.';
export const PHONE_HAS_ACCOUNT =
  'This phone number already belongs to an account with no email. The person can sign in with a code sent to it and apply themselves, or give an email.';
const SIGN_OFF = 'Gift of Independence';

/**
 * The SMS telling the person what was applied for in their name and how to withdraw, complete
 * without a link and within two segments: shorter forms are tried when names are long.
 */
export function appliedForYouSms(facts: { caseworker: string; organization: string | null; product: string }): string {
  const tail = `Our team will review it. Sign in with a code sent to this number. To withdraw, call ${HELP_LINE}. Replies to this SMS are not read.`;
  const forms = [
    `${SIGN_OFF}: ${facts.caseworker}${facts.organization ? ` of ${facts.organization}` : ''} applied for the ${facts.product} for you with your consent. ${tail}`,
    `${SIGN_OFF}: ${facts.caseworker} applied for the ${facts.product} for you with your consent. ${tail}`,
    `${SIGN_OFF}: your caseworker applied for a device for you with your consent. ${tail}`,
  ];
  return forms.find(fitsSms) ?? forms[forms.length - 1]!;
}

/**
 * A caseworker applies for a person who consented. Every file is checked first (nothing is used up
 * if one is refused); then one transaction makes the person's account (no password: they may set
 * one through "Forgot password"), their profile and onboarding version for review, the assisted
 * application with its consent record and the device request, and queues the admins' notices and
 * the person's SMS.
 */
export async function applyForRecipient(deps: Deps, caseworkerId: number, input: AssistedInput) {
  const organizationId = await caseworkerOrganization(deps.db, caseworkerId);
  if (input.email && (await findUserByEmail(deps.db, input.email))) throw new AppError('conflict', PERSON_HAS_ACCOUNT);
  if (!input.email && (await phoneOnlyAccount(deps.db, input.phoneNumber))) {
    throw new AppError('conflict', PHONE_HAS_ACCOUNT);
  }
  const roleId = await roleIdByName(deps.db, 'recipient');
  const files = [
    { key: input.profilePhotoKey, purpose: 'profilePhoto', field: 'profilePhotoKey' },
    { key: input.idDocumentKey, purpose: 'idDocument', field: 'idDocumentKey' },
    {
      key: input.consent.method === 'signed_form' ? input.consent.formKey : undefined,
      purpose: 'consentForm',
      field: 'consent.formKey',
    },
  ] as const;
  const accepted = await acceptUploads(deps, caseworkerId, files);
  const [photo, document, form] = accepted;
  let committed = false;
  let recipientId = 0;
  try {
    recipientId = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [person] = await tx
        .insert(users)
        .values({
          email: input.email ?? null,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber: input.phoneNumber,
          roleId,
          // With no email, every notice goes by SMS (docs/decisions/0066).
          notifyBy: input.email ? 'both' : 'sms',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!person) throw new AppError('conflict', input.email ? PERSON_HAS_ACCOUNT : PHONE_HAS_ACCOUNT);
      for (const a of accepted) await a?.commit(tx);
      const keys = { photo: photo?.storedKey ?? null, document: document?.storedKey ?? null };
      await saveRecipientProfile(tx, {
        userId: person.id,
        gender: input.gender,
        age: input.age,
        stateOfOrigin: input.stateOfOrigin,
        bio: input.recipientBio,
        employmentStatus: input.employmentStatus,
        idType: input.idType,
        idHolder: input.idHolder,
        publicName: input.publicName,
        showState: input.showState,
        profilePhotoKey: keys.photo,
        idDocumentKey: keys.document,
      });
      await markOnboardingComplete(tx, person.id);
      // The version for review holds the wizard's answers, as a recipient's own would.
      const submissionId = await insertSubmission(tx, {
        userId: person.id,
        kind: 'recipient',
        version: 1,
        answers: {
          gender: input.gender,
          age: input.age,
          stateOfOrigin: input.stateOfOrigin,
          recipientBio: input.recipientBio,
          employmentStatus: input.employmentStatus,
          idType: input.idType,
          idHolder: input.idHolder,
          publicName: input.publicName,
          showState: input.showState,
          profilePhotoKey: keys.photo,
          idDocumentKey: keys.document,
        },
      });
      await deps.jobs.enqueue(tx, JOB.onboardingCompleted, {
        userId: person.id,
        submissionId,
      } satisfies OnboardingSentJob);
      await tx.insert(assistedApplications).values({
        recipientId: person.id,
        caseworkerId,
        organizationId,
        consentMethod: input.consent.method,
        consentFormKey: form?.storedKey ?? null,
        consentGivenOn: input.consent.givenOn,
        witnessName: input.consent.method === 'spoken' ? input.consent.witnessName : null,
      });
      await writeRequest(deps, tx, 'recipient', person.id, { productId: input.productId, reason: input.reason });
      await enqueueSms(deps.jobs, tx, {
        to: input.phoneNumber,
        text: appliedForYouSms(await smsFacts(tx, caseworkerId, organizationId, input.productId)),
      });
      return person.id;
    });
    committed = true;
  } finally {
    await Promise.all(accepted.map((a) => a?.settle(committed)));
  }
  deps.jobs.wake(JOB.onboardingCompleted);
  deps.jobs.wake(JOB.campaignRequested);
  deps.jobs.wake(JOB.sms);
  return {
    message: `Thank you. ${input.firstName}'s application has been sent for review, and they will get an SMS about it.`,
    recipient: await helpedRecipient(deps.db, caseworkerId, recipientId),
  };
}

async function smsFacts(tx: Db, caseworkerId: number, organizationId: number, productId: number) {
  const [row] = await tx
    .select({
      caseworker: sql<string>`concat_ws(' ', ${users.firstName}, ${users.lastName})`,
      organization: sql<string | null>`(select ${organizationProfiles.organizationName} from ${organizationProfiles}
        where ${organizationProfiles.userId} = ${organizationId})`,
      product: sql<string>`(select ${products.name} from ${products} where ${products.id} = ${productId})`,
    })
    .from(users)
    .where(eq(users.id, caseworkerId));
  return {
    caseworker: row?.caseworker ?? 'Your caseworker',
    organization: row?.organization ?? null,
    product: row?.product ?? 'device',
  };
}
