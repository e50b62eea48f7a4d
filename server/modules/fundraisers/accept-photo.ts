import type { AppDeps } from '../../deps';
import { acceptUpload, type AcceptedUpload } from '../uploads/accept-upload';

/**
 * A fundraiser's photo, checked by its bytes and re-encoded as the owner's own upload before anything
 * is saved (decision 0013); null when none was given.
 */
export const acceptFundraiserPhoto = (
  deps: Pick<AppDeps, 'db' | 'storage'>,
  ownerId: number,
  photo: { key: string } | undefined,
): Promise<AcceptedUpload | null> =>
  photo
    ? acceptUpload(deps, { key: photo.key, ownerId, purpose: 'fundraiserPhoto', field: 'photo.key' })
    : Promise.resolve(null);
