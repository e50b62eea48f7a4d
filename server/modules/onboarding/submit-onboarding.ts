import type { OrganizationOnboarding, RecipientOnboarding } from '@contract/onboarding';
import type { UploadPurpose } from '@contract/uploads';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { JOB } from '../../jobs/names';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';
import { isOnboardingComplete, markOnboardingComplete, saveOrganizationProfile, saveRecipientProfile } from './queries';

export const ALREADY_ONBOARDED = 'Your onboarding is already complete.';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'jobs'>;
export type OnboardingInput = { recipient: RecipientOnboarding; organization: OrganizationOnboarding };
export type OnboardingKind = keyof OnboardingInput;
type StoredKeys = { photo: string | null; document: string | null };

/** What each wizard does its own way: where its two files go, how its answers are saved, what it says at the end. */
const wizards: {
  [K in OnboardingKind]: {
    photoPurpose: UploadPurpose;
    documentPurpose: UploadPurpose;
    save: (tx: Db, userId: number, input: OnboardingInput[K], keys: StoredKeys) => Promise<void>;
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
    done: { message: "Thank you. Your organization's profile is complete.", redirectTo: '/organization/dashboard' },
  },
};

/**
 * Either wizard's last step: refuse a second submit, check each file by its bytes (nothing is used
 * up if one is refused), then save the profile, use the files and mark onboarding complete in one
 * transaction, with the admins' notice queued in it.
 */
export async function submitOnboarding<K extends OnboardingKind>(
  deps: Deps,
  kind: K,
  userId: number,
  input: OnboardingInput[K],
) {
  const wizard = wizards[kind];
  if (await isOnboardingComplete(deps.db, userId)) throw new AppError('conflict', ALREADY_ONBOARDED);
  const files = [
    { key: input.profilePhotoKey, purpose: wizard.photoPurpose, field: 'profilePhotoKey' },
    { key: input.idDocumentKey, purpose: wizard.documentPurpose, field: 'idDocumentKey' },
  ];
  const accepted: (AcceptedUpload | undefined)[] = [];
  try {
    for (const file of files) {
      accepted.push(
        file.key
          ? await acceptUpload(deps, { key: file.key, ownerId: userId, purpose: file.purpose, field: file.field })
          : undefined,
      );
    }
  } catch (error) {
    await Promise.all(accepted.map((a) => a?.settle(false)));
    throw error;
  }
  const [photo, document] = accepted;
  let committed = false;
  try {
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (!(await markOnboardingComplete(tx, userId))) throw new AppError('conflict', ALREADY_ONBOARDED);
      for (const a of accepted) await a?.commit(tx);
      await wizard.save(tx, userId, input, {
        photo: photo?.storedKey ?? null,
        document: document?.storedKey ?? null,
      });
      await deps.jobs.enqueue(tx, JOB.onboardingCompleted, { userId });
    });
    committed = true;
  } finally {
    await Promise.all(accepted.map((a) => a?.settle(committed)));
  }
  deps.jobs.wake(JOB.onboardingCompleted);
  return { ...wizard.done };
}
