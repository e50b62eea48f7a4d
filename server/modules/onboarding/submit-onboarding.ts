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
type FileRef = { key: string | undefined; purpose: UploadPurpose; field: string };

/**
 * The part both wizards share: refuse a second submit, check each file by its bytes (nothing is
 * used up if one is refused), then save the profile, use the files and mark onboarding complete
 * in one transaction, with the admins' notice queued in it.
 */
async function completeOnboarding(
  deps: Deps,
  userId: number,
  files: FileRef[],
  save: (tx: Db, keys: (string | null)[]) => Promise<void>,
) {
  if (await isOnboardingComplete(deps.db, userId)) throw new AppError('conflict', ALREADY_ONBOARDED);
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
  let committed = false;
  try {
    await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (!(await markOnboardingComplete(tx, userId))) throw new AppError('conflict', ALREADY_ONBOARDED);
      for (const a of accepted) await a?.commit(tx);
      await save(
        tx,
        accepted.map((a) => a?.storedKey ?? null),
      );
      await deps.jobs.enqueue(tx, JOB.onboardingCompleted, { userId });
    });
    committed = true;
  } finally {
    await Promise.all(accepted.map((a) => a?.settle(committed)));
  }
  deps.jobs.wake(JOB.onboardingCompleted);
}

export async function submitRecipientOnboarding(deps: Deps, userId: number, input: RecipientOnboarding) {
  await completeOnboarding(
    deps,
    userId,
    [
      { key: input.profilePhotoKey, purpose: 'profilePhoto', field: 'profilePhotoKey' },
      { key: input.idDocumentKey, purpose: 'idDocument', field: 'idDocumentKey' },
    ],
    (tx, [photo, document]) =>
      saveRecipientProfile(tx, {
        userId,
        gender: input.gender,
        age: input.age,
        stateOfOrigin: input.stateOfOrigin,
        bio: input.recipientBio,
        employmentStatus: input.employmentStatus,
        idType: input.idType,
        idHolder: input.idHolder,
        profilePhotoKey: photo ?? null,
        idDocumentKey: document ?? null,
      }),
  );
  return { message: 'Thank you. Your profile is complete.', redirectTo: '/recipient/dashboard' };
}

export async function submitOrganizationOnboarding(deps: Deps, userId: number, input: OrganizationOnboarding) {
  await completeOnboarding(
    deps,
    userId,
    [
      { key: input.profilePhotoKey, purpose: 'organizationLogo', field: 'profilePhotoKey' },
      { key: input.idDocumentKey, purpose: 'organizationDocument', field: 'idDocumentKey' },
    ],
    (tx, [logo, document]) =>
      saveOrganizationProfile(tx, {
        userId,
        organizationName: input.organizationName,
        yearOfEstablishment: input.yearOfEstablishment,
        stateOfOperation: input.stateOfOperation,
        organizationBio: input.organizationBio,
        idType: input.idType,
        profilePhotoKey: logo ?? null,
        idDocumentKey: document ?? null,
      }),
  );
  return { message: "Thank you. Your organization's profile is complete.", redirectTo: '/organization/dashboard' };
}
