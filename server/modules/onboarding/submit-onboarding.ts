import type { OrganizationOnboarding, RecipientOnboarding } from '@contract/onboarding';
import type { NotifyBy } from '@contract/sms';
import type { UploadPurpose } from '@contract/uploads';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import {
  organizationCampaignIds,
  recipientCampaignIds,
  refreshOrganizationSearchText,
  refreshRecipientSearchText,
} from '../campaign-core/search-text';
import { NO_PHONE_FOR_SMS, NO_PHONE_FOR_WHATSAPP, NO_EMAIL_FOR_MAIL, savePreferences } from '../accounts/preferences';
import { acceptUploads } from '../uploads/accept-upload';
import { isOnboardingComplete, markOnboardingComplete, saveOrganizationProfile, saveRecipientProfile } from './queries';
import { insertSubmission, latestSubmission } from './review-queries';

export const ALREADY_ONBOARDED = 'Your onboarding is already complete.';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'jobs' | 'publicCache'>;
export type OnboardingInput = { recipient: RecipientOnboarding; organization: OrganizationOnboarding };
export type OnboardingKind = keyof OnboardingInput;
type StoredKeys = { photo: string | null; document: string | null };

/** What each wizard does its own way: where its two files go, how its answers are saved, what it says at the end. */
const wizards: {
  [K in OnboardingKind]: {
    photoPurpose: UploadPurpose;
    documentPurpose: UploadPurpose;
    save: (tx: Db, userId: number, input: OnboardingInput[K], keys: StoredKeys) => Promise<void>;
    /** Rewrites the search text of the person's campaigns after a correction changed what it is made of. */
    refreshCampaigns: (tx: Db, userId: number) => Promise<void>;
    done: { message: string; redirectTo: string };
  };
} = {
  recipient: {
    photoPurpose: 'profilePhoto',
    documentPurpose: 'idDocument',
    save: (tx, userId, input, keys) =>
      saveRecipientProfile(tx, {
        userId,
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
      }),
    refreshCampaigns: async (tx, userId) => {
      const ids = await recipientCampaignIds(tx, userId);
      if (ids.length > 0) await refreshRecipientSearchText(tx, ids);
    },
    done: { message: 'Thank you. Your profile is complete.', redirectTo: '/recipient/dashboard' },
  },
  organization: {
    photoPurpose: 'organizationLogo',
    documentPurpose: 'organizationDocument',
    save: (tx, userId, input, keys) =>
      saveOrganizationProfile(tx, {
        userId,
        organizationName: input.organizationName,
        yearOfEstablishment: input.yearOfEstablishment,
        stateOfOperation: input.stateOfOperation,
        organizationBio: input.organizationBio,
        idType: input.idType,
        profilePhotoKey: keys.photo,
        idDocumentKey: keys.document,
      }),
    refreshCampaigns: async (tx, userId) => {
      const ids = await organizationCampaignIds(tx, userId);
      if (ids.length > 0) await refreshOrganizationSearchText(tx, ids);
    },
    done: { message: "Thank you. Your organization's profile is complete.", redirectTo: '/organization/dashboard' },
  },
};

/** What the admins' notice job carries: whose onboarding, which version, and whether it answers a correction. */
export type OnboardingSentJob = { userId: number; submissionId?: number; corrected?: boolean };

export const NOT_CORRECTABLE = 'Your profile can be sent again only after an admin asks for a correction.';
const NOT_ONBOARDED_YET = 'Finish onboarding first.';
const DOCUMENT_NEEDED = 'Upload your ID document: there is none on file.';

/**
 * Either wizard's last step: refuse a second submit, check each file by its bytes (nothing is used
 * up if one is refused), then save the profile, use the files, mark onboarding complete and write
 * version 1 for review in one transaction, with the admins' notice queued in it.
 */
export function submitOnboarding<K extends OnboardingKind>(
  deps: Deps,
  kind: K,
  userId: number,
  input: OnboardingInput[K],
) {
  return sendOnboarding(deps, kind, userId, input, 'first');
}

/**
 * A corrected onboarding, allowed only while an admin's correction request is the latest word: a new
 * version with the files sent now or, for those not sent, the previous version's (earlier versions
 * keep theirs), the profile updated to match, and the admins told, all in one transaction.
 */
export async function resubmitOnboarding<K extends OnboardingKind>(
  deps: Deps,
  kind: K,
  userId: number,
  input: Omit<OnboardingInput[K], 'idDocumentKey'> & { idDocumentKey?: string | undefined },
) {
  const latest = await latestSubmission(deps.db, userId);
  if (!latest || latest.kind !== kind) throw new AppError('conflict', NOT_ONBOARDED_YET);
  if (latest.status !== 'correction_requested') throw new AppError('conflict', NOT_CORRECTABLE);
  const result = await sendOnboarding(deps, kind, userId, input, 'correction');
  return { message: 'Thank you. Your corrected profile is waiting for review.', redirectTo: result.redirectTo };
}

async function sendOnboarding<K extends OnboardingKind>(
  deps: Deps,
  kind: K,
  userId: number,
  input: Omit<OnboardingInput[K], 'idDocumentKey'> & { idDocumentKey?: string | undefined },
  mode: 'first' | 'correction',
) {
  const wizard = wizards[kind];
  if (mode === 'first' && (await isOnboardingComplete(deps.db, userId)))
    throw new AppError('conflict', ALREADY_ONBOARDED);
  const files = [
    { key: input.profilePhotoKey, purpose: wizard.photoPurpose, field: 'profilePhotoKey' },
    { key: input.idDocumentKey, purpose: wizard.documentPurpose, field: 'idDocumentKey' },
  ];
  const accepted = await acceptUploads(deps, userId, files);
  const [photo, document] = accepted;
  let committed = false;
  try {
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      let version = 1;
      let keys: StoredKeys = { photo: photo?.storedKey ?? null, document: document?.storedKey ?? null };
      if (mode === 'first') {
        if (!(await markOnboardingComplete(tx, userId))) throw new AppError('conflict', ALREADY_ONBOARDED);
      } else {
        // Locked, so two resubmits at once give one new version and one 409.
        const latest = await latestSubmission(tx, userId, true);
        if (!latest || latest.status !== 'correction_requested') throw new AppError('conflict', NOT_CORRECTABLE);
        version = latest.version + 1;
        keys = {
          photo: keys.photo ?? storedKeyIn(latest.answers, 'profilePhotoKey'),
          document: keys.document ?? storedKeyIn(latest.answers, 'idDocumentKey'),
        };
        if (!keys.document)
          throw new AppError('validation_failed', DOCUMENT_NEEDED, { idDocumentKey: [DOCUMENT_NEEDED] });
      }
      for (const a of accepted) await a?.commit(tx);
      const complete = { ...input, idDocumentKey: keys.document ?? '' } as OnboardingInput[K];
      await wizard.save(tx, userId, complete, keys);
      if (input.notifyBy) await saveNotifyBy(tx, userId, input.notifyBy);
      // A correction may change a name or state that live campaigns show and are searched by.
      if (mode === 'correction') await wizard.refreshCampaigns(tx, userId);
      const submissionId = await insertSubmission(tx, {
        userId,
        kind,
        version,
        answers: { ...withoutNotifyBy(input), profilePhotoKey: keys.photo, idDocumentKey: keys.document },
      });
      if (!submissionId) throw new AppError('conflict', NOT_CORRECTABLE);
      await deps.jobs.enqueue(tx, JOB.onboardingCompleted, {
        userId,
        submissionId,
        corrected: mode === 'correction',
      } satisfies OnboardingSentJob);
    });
    committed = true;
  } finally {
    await Promise.all(accepted.map((a) => a?.settle(committed)));
  }
  deps.jobs.wake(JOB.onboardingCompleted);
  if (mode === 'correction') deps.publicCache.clear();
  return { ...wizard.done };
}

/** The choice made in the wizard, refused on its own field when SMS or WhatsApp has no number to go to. */
async function saveNotifyBy(tx: Db, userId: number, notifyBy: NotifyBy): Promise<void> {
  try {
    await savePreferences(tx, userId, notifyBy);
  } catch (error) {
    if (error instanceof AppError && [NO_PHONE_FOR_SMS, NO_PHONE_FOR_WHATSAPP].includes(error.message)) {
      const message =
        'Your account has no phone number yet: choose email only. You can add a number later in Settings.';
      throw new AppError('validation_failed', message, { notifyBy: [message] });
    }
    if (error instanceof AppError && error.message === NO_EMAIL_FOR_MAIL) {
      const message = 'Your account has no email: choose SMS or WhatsApp.';
      throw new AppError('validation_failed', message, { notifyBy: [message] });
    }
    throw error;
  }
}

/** How the person is told is an account setting, not part of the profile an admin reviews. */
function withoutNotifyBy<T extends { notifyBy?: unknown }>(input: T): Omit<T, 'notifyBy'> {
  const { notifyBy: _notifyBy, ...rest } = input;
  return rest;
}

function storedKeyIn(answers: Record<string, unknown>, field: string): string | null {
  const value = answers[field];
  return typeof value === 'string' && value ? value : null;
}
