import type {
  OnboardingReview,
  OwnOnboardingReview,
  ReviewDecisionReply,
  ReviewQueueQuery,
  ReviewQueueReply,
  ReviewVersion,
} from '@contract/onboarding-review';
import type { AppDeps } from '../../deps';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recipientProfiles } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { HELP_LINE } from '@contract/sms';
import { CALL_US, signed, withReason } from '../notifications/sms-text';
import { tellUser, wakeNotices, type Notice } from '../notifications/tell-user';
import { storedFile } from '../uploads/queries';
import { answersInWords, answersWithoutFiles } from './answer-words';
import { documentLink } from './profiles';
import { assistedFactsOf } from './assisted-facts';
import {
  decideSubmission,
  latestSubmission,
  lockSubmission,
  reviewQueuePage,
  submissionWithPerson,
  versionsOf,
  type SubmissionRow,
} from './review-queries';

type Files = Pick<AppDeps, 'db' | 'storage' | 'signer'>;
type DecideDeps = Pick<AppDeps, 'db' | 'storage' | 'signer' | 'jobs' | 'config'>;

const REVIEW_NOT_FOUND = 'There is no onboarding with that id.';
const NOT_ONBOARDED = 'Your profile is not complete yet. Finish onboarding first.';
/** Where a person edits and sends their onboarding again. */
export const EDIT_ONBOARDING_PATH = '/onboarding/edit';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

function versionReply(row: SubmissionRow): ReviewVersion {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    review_note: row.reviewNote,
    submitted_at: row.createdAt.toISOString(),
    reviewed_at: iso(row.reviewedAt),
  };
}

/** GET /api/admin/onboarding-reviews: one page of the versions in a status, oldest first. */
export async function reviewQueue(db: Db, query: ReviewQueueQuery): Promise<ReviewQueueReply> {
  const page = await reviewQueuePage(db, {
    status: query.status,
    limit: query.limit,
    cursor: query.cursor,
  });
  return {
    items: page.rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      kind: r.kind,
      name: r.kind === 'organization' && r.organizationName ? r.organizationName : fullName(r),
      email: r.email,
      phone: r.phone,
      version: r.version,
      status: r.status,
      submitted_at: r.createdAt.toISOString(),
    })),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/** One version as an admin reviews it: every answer in words, the files, and the person's other versions. */
export async function onboardingReview(deps: Files, id: number): Promise<OnboardingReview> {
  const found = await submissionWithPerson(deps.db, id);
  if (!found) throw notFound(REVIEW_NOT_FOUND);
  const s = found.submission;
  const versions = await versionsOf(deps.db, s.userId);
  const isLatest = versions[0]?.id === s.id;
  const photoKey = typeof s.answers.profilePhotoKey === 'string' ? s.answers.profilePhotoKey : null;
  const documentKey = typeof s.answers.idDocumentKey === 'string' ? s.answers.idDocumentKey : null;
  const url = await documentLink(deps.db, deps.signer, documentKey);
  const file = documentKey ? await storedFile(deps.db, documentKey) : undefined;
  return {
    ...versionReply(s),
    user_id: s.userId,
    kind: s.kind,
    is_latest: isLatest,
    decidable: isLatest && s.status === 'submitted',
    contact: {
      name: fullName(found),
      organization_name: s.kind === 'organization' ? (found.organizationName ?? null) : null,
      email: found.email,
      phone: found.phone,
    },
    answers: answersInWords(s.kind, s.answers),
    photo_url: deps.storage.publicUrl(photoKey),
    document: url ? { url, file_name: file?.fileName ?? documentKey!.split('/').pop() ?? 'document' } : null,
    assisted: (await assistedFactsOf(deps, [s.userId])).get(s.userId) ?? null,
    versions: versions.map(versionReply),
  };
}

type Decision = { kind: 'verify' } | { kind: 'correction'; reason: string };

/**
 * Verifies a waiting version or asks for a correction. Only the person's latest version while it
 * waits may be decided: the row is locked and updated only while still `submitted`, so of two admins
 * at once one wins and the other gets a 409. The audit entry and the person's notice and mail are
 * written in the same transaction.
 */
export async function decideOnboarding(
  deps: DecideDeps,
  admin: { id: number },
  id: number,
  decision: Decision,
): Promise<ReviewDecisionReply> {
  const baseUrl = publicBaseUrl(deps.config);
  const message = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockSubmission(tx, id);
    if (!row) throw notFound(REVIEW_NOT_FOUND);
    const latest = await latestSubmission(tx, row.userId);
    if (latest && latest.id !== row.id) {
      throw new AppError(
        'conflict',
        `This is version ${row.version}; version ${latest.version} replaced it. Only the latest version can be decided.`,
      );
    }
    if (row.status !== 'submitted') {
      throw new AppError(
        'conflict',
        row.status === 'verified'
          ? 'This onboarding has already been verified, perhaps by another admin.'
          : 'A correction has already been asked for this onboarding, perhaps by another admin.',
      );
    }
    const status = decision.kind === 'verify' ? 'verified' : 'correction_requested';
    const note = decision.kind === 'correction' ? decision.reason : null;
    if (!(await decideSubmission(tx, id, { status, note, adminId: admin.id }))) {
      throw new AppError('conflict', 'This onboarding was decided a moment ago by another admin. Reload to see it.');
    }
    await audit(tx, {
      adminId: admin.id,
      action: decision.kind === 'verify' ? 'onboarding.verify' : 'onboarding.request_correction',
      entity: 'onboarding_submission',
      entityId: id,
      details: { from: 'submitted', to: status, notes: note, user_id: row.userId, version: row.version },
    });
    const tell = { db: tx, jobs: deps.jobs, baseUrl };
    if (decision.kind === 'verify') {
      await tellUser(tell, row.userId, verifiedNotice(row.kind));
      return 'The profile is verified. We told the person in the app and by mail.';
    }
    await tellUser(tell, row.userId, correctionNotice(decision.reason));
    return 'A correction was asked. We told the person the reason in the app and by mail.';
  });
  wakeNotices(deps.jobs);
  return { message, review: await onboardingReview(deps, id) };
}

/** What a person is told when their profile is verified. */
export const verifiedNotice = (kind: string): Notice => ({
  subject: 'Your profile has been verified',
  message: 'Your profile has been verified.',
  link: `/${kind}/dashboard`,
  sms: signed(`Your profile has been verified. You can now sign in and make a request. ${CALL_US}`),
});

/** What a person is told when an admin asks them to correct their profile, with the reason. */
export const correctionNotice = (reason: string): Notice => ({
  subject: 'Please correct your profile',
  message: `We asked you to correct your profile: ${reason}`,
  details: ['Edit your answers and send them again; we will review them once more.'],
  link: EDIT_ONBOARDING_PATH,
  sms: withReason(
    'Please correct your profile.',
    reason,
    `Sign in to edit your answers and send them again, or call ${HELP_LINE}.`,
  ),
});

/** GET /api/onboarding/review: the owner's latest version, its answers without the file keys. */
export async function ownOnboardingReview(db: Db, userId: number): Promise<OwnOnboardingReview> {
  const latest = await latestSubmission(db, userId);
  if (!latest) throw notFound(NOT_ONBOARDED);
  // The privacy choices as they stand now: one changed on the profile since this version was sent
  // must not be undone by sending the version again.
  const [privacy] =
    latest.kind === 'recipient'
      ? await db
          .select({ publicName: recipientProfiles.publicName, showState: recipientProfiles.showState })
          .from(recipientProfiles)
          .where(eq(recipientProfiles.userId, userId))
      : [];
  return {
    kind: latest.kind,
    version: latest.version,
    status: latest.status,
    review_note: latest.reviewNote,
    submitted_at: latest.createdAt.toISOString(),
    answers: { ...answersWithoutFiles(latest.answers), ...privacy },
    has_photo: typeof latest.answers.profilePhotoKey === 'string' && latest.answers.profilePhotoKey !== '',
    has_document: typeof latest.answers.idDocumentKey === 'string' && latest.answers.idDocumentKey !== '',
  };
}
