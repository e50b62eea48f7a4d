import type { OrganizationProfile, RecipientProfile } from '@contract/onboarding';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { downloadLink, type LinkSigner } from '../../providers/storage/storage';
import { storedFile } from '../uploads/queries';
import { profileRow } from './queries';

/** How long a document link given to its owner or an admin works. */
export const DOCUMENT_LINK_SECONDS = 5 * 60;

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * A short-lived download link for a private document, or null when there is none. Only call it
 * once the caller is known to be the document's owner or an admin.
 */
export async function documentLink(db: Db, signer: LinkSigner, key: string | null): Promise<string | null> {
  if (!key) return null;
  const file = await storedFile(db, key);
  const name = file?.fileName ?? key.split('/').pop() ?? 'document';
  const type =
    file?.type ?? TYPE_BY_EXTENSION[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  return downloadLink(signer, { key, fileName: name, contentType: type, expiresInSeconds: DOCUMENT_LINK_SECONDS });
}

const NOT_ONBOARDED = 'Your profile is not complete yet. Finish onboarding first.';

export async function recipientProfile(
  deps: Pick<AppDeps, 'db' | 'storage' | 'signer'>,
  userId: number,
): Promise<RecipientProfile> {
  const row = await profileRow(deps.db, 'recipient', userId);
  if (!row) throw notFound(NOT_ONBOARDED);
  const p = row.profile;
  return {
    first_name: row.user.firstName,
    last_name: row.user.lastName,
    email: row.user.email,
    profile_photo_url: deps.storage.publicUrl(p.profilePhotoKey),
    age: p.age,
    gender: p.gender,
    state_of_origin: p.stateOfOrigin,
    employment_status: p.employmentStatus,
    recipient_bio: p.bio,
    id_type: p.idType,
    id_holder: p.idHolder,
    id_document_url: await documentLink(deps.db, deps.signer, p.idDocumentKey),
    public_name: p.publicName,
    show_state: p.showState,
  };
}

export async function organizationProfile(
  deps: Pick<AppDeps, 'db' | 'storage' | 'signer'>,
  userId: number,
): Promise<OrganizationProfile> {
  const row = await profileRow(deps.db, 'organization', userId);
  if (!row || !row.user.done) throw notFound(NOT_ONBOARDED);
  const p = row.profile;
  return {
    organization_name: p.organizationName,
    // Organizations sign up with an email; only recipients may have none (docs/decisions/0066).
    email: row.user.email ?? '',
    profile_photo_url: deps.storage.publicUrl(p.profilePhotoKey),
    year_of_establishment: p.yearOfEstablishment,
    state_of_operation: p.stateOfOperation,
    id_type: p.idType,
    id_document_url: await documentLink(deps.db, deps.signer, p.idDocumentKey),
    organization_bio: p.organizationBio,
  };
}
