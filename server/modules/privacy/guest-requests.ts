import { GUEST_GIFTS_ERASED, type GuestExport, type PrivacyRequestKind } from '@contract/privacy';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { JOB } from '../../jobs/names';
import type { Mailer } from '../../providers/mail/mail';
import { audit } from '../audit/audit';
import { randomToken, sha256 } from '../accounts/tokens';
import { linkInvalid } from './account-erasure';
import { guestLinkMail } from './emails';
import {
  countGifts,
  eraseDonorFromGifts,
  forgetRequestEmail,
  giftRows,
  guestGiftsOf,
  insertPrivacyRequest,
  jsonRows,
  takePrivacyRequest,
} from './queries';

export type GuestLinkJob = { email: string; kind: PrivacyRequestKind };

const KIND = { export: 'guest_export', erase: 'guest_erase' } as const;

/**
 * Queues the check and the mail, so the reply is the same, and as quick, whether or not the address
 * gave (docs/decisions/0054). One waiting job per address and kind.
 */
export async function requestGuestLink(deps: Pick<AppDeps, 'db' | 'jobs'>, job: GuestLinkJob): Promise<void> {
  await deps.jobs.enqueue(deps.db, JOB.privacyGuestLink, job satisfies GuestLinkJob, {
    singletonKey: `${job.kind}:${job.email}`,
  });
  deps.jobs.wake(JOB.privacyGuestLink);
}

/**
 * The job: when the address has guest gifts, makes the link's token (replacing any open one) and
 * mails it to that address only, so the readable token exists only in the mail. An address that
 * never gave as a guest gets nothing.
 */
export async function mailGuestLink(deps: { db: Db; mailer: Mailer; baseUrl: string }, job: GuestLinkJob) {
  if ((await countGifts(deps.db, guestGiftsOf(job.email))) === 0) return;
  const token = randomToken();
  await insertPrivacyRequest(deps.db, { kind: KIND[job.kind], email: job.email, tokenHash: sha256(token) });
  await deps.mailer.send(guestLinkMail(job.email, job.kind, `${deps.baseUrl}/your-data/${job.kind}/${token}`));
}

const GUEST_ABOUT =
  'The gifts given as a guest with this email address, as Gift of Independence holds them. Amounts are in kobo (100 kobo = 1 naira).';

/** The guest export link, opened: that address's guest gifts, once; audited without the address. */
export async function exportGuestGifts(deps: Pick<AppDeps, 'db'>, token: string): Promise<GuestExport> {
  return deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const request = await takePrivacyRequest(tx, 'guest_export', sha256(token));
    if (!request?.email) throw linkInvalid();
    const gifts = await jsonRows(tx, giftRows(guestGiftsOf(request.email)));
    await forgetRequestEmail(tx, request.id);
    await audit(tx, {
      adminId: null,
      action: 'privacy.guest_export',
      entity: 'privacy_request',
      entityId: request.id,
      details: { gifts: gifts.length },
    });
    return { about: GUEST_ABOUT, exported_at: new Date().toISOString(), email: request.email, gifts };
  });
}

/**
 * The guest erase link, opened: the name and address leave that address's guest gifts; amounts,
 * references, campaigns and dates stay, so every total is unchanged. Audited without the address.
 */
export async function eraseGuestGifts(
  deps: Pick<AppDeps, 'db' | 'publicCache'>,
  token: string,
): Promise<{ message: string }> {
  await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const request = await takePrivacyRequest(tx, 'guest_erase', sha256(token));
    if (!request?.email) throw linkInvalid();
    const giftsErased = await eraseDonorFromGifts(tx, {
      which: guestGiftsOf(request.email),
      email: request.email,
      marker: `r${request.id}`,
    });
    await forgetRequestEmail(tx, request.id);
    await audit(tx, {
      adminId: null,
      action: 'privacy.guest_erase',
      entity: 'privacy_request',
      entityId: request.id,
      details: { giftsErased },
    });
  });
  // Words of support left with those gifts showed on public pages.
  deps.publicCache.clear();
  return { message: GUEST_GIFTS_ERASED };
}
