import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { AccountExport } from '@contract/privacy';
import type { AppDeps } from '../../deps';
import { publicBaseUrl } from '../../http/public-url';
import { audit } from '../audit/audit';
import { documentLink, DOCUMENT_LINK_SECONDS } from '../onboarding/profiles';
import { accountGiftsOf, giftRows, jsonRows, storedFilesOf } from './queries';

type Deps = Pick<AppDeps, 'db' | 'signer' | 'config'>;

const ABOUT =
  'Everything Gift of Independence holds about you, as of the time below. Amounts are in kobo (100 kobo = 1 naira). ' +
  'File links download your uploads and stop working a few minutes after this file was made: download again for new ones. ' +
  'Passwords, codes and sign-in tokens are never included; we keep only their scrambled form.';

// The queue that sends mail and texts is not a record of what was sent: a sent message leaves it
// within days and can carry one-time links, so it is not read here (docs/decisions/0054).
const MESSAGES_SENT =
  'We do not keep copies of the emails and text messages we send you. The notices above are what you were told in the app.';

const FILE_WORDS: Record<string, string> = {
  profilePhoto: 'Profile photo',
  organizationLogo: 'Organization logo',
  idDocument: 'ID document',
  organizationDocument: 'Organization papers',
  consentForm: 'Signed consent form',
};

/**
 * Everything the platform holds about the signed-in person (docs/decisions/0054): account, profiles,
 * answers, consent, campaigns, gifts, notices, sessions without tokens and signed links to their
 * files; never a secret. Writes an audit line naming no personal data.
 */
export async function exportAccount(deps: Deps, userId: number): Promise<AccountExport> {
  const { db } = deps;
  const [account] = await jsonRows(
    db,
    sql`select u.id, u.email, u.first_name, u.last_name, u.phone_number, r.name as role,
               u.email_verified_at is not null as email_verified, u.email_verified_at, u.is_onboarding_complete,
               u.notify_by, u.google_subject is not null as signs_in_with_google, u.created_at, u.updated_at
          from users u join roles r on r.id = u.role_id where u.id = ${userId}`,
  );
  const me = account as { email: string | null; email_verified: boolean };
  const [recipient] = await jsonRows(
    db,
    sql`select gender, age, state_of_origin, bio, employment_status, id_type, id_holder, public_name, show_state,
               profile_photo_key is not null as has_profile_photo, id_document_key is not null as has_id_document,
               created_at, updated_at
          from recipient_profiles where user_id = ${userId}`,
  );
  const [organization] = await jsonRows(
    db,
    sql`select organization_name, year_of_establishment, state_of_operation, organization_bio, id_type,
               profile_photo_key is not null as has_logo, id_document_key is not null as has_papers, created_at, updated_at
          from organization_profiles where user_id = ${userId}`,
  );
  const [caseworker] = await jsonRows(
    db,
    sql`select o.organization_name as organization, m.joined_at,
               (select count(*)::int from assisted_applications a where a.caseworker_id = m.user_id) as people_helped
          from organization_members m left join organization_profiles o on o.user_id = m.organization_id
         where m.user_id = ${userId} and m.role = 'caseworker'`,
  );
  const [teamMembership] = await jsonRows(
    db,
    sql`select o.organization_name as organization, m.role, m.joined_at
          from organization_members m left join organization_profiles o on o.user_id = m.organization_id
         where m.user_id = ${userId} and m.role <> 'caseworker'`,
  );
  const ownCampaigns = sql`
    select c.id::text as campaign, 'recipient' as kind, p.name as product, c.reason, c.status, 1 as units,
           c.units_fulfilled, c.price_kobo as total_kobo, c.amount_raised_kobo, c.delivery_status, c.created_at, c.updated_at
      from recipient_campaigns c join products p on p.id = c.product_id where c.recipient_id = ${userId}
    union all
    select 'org-' || c.id, 'organization', p.name, c.reason, c.status, c.quantity,
           c.units_fulfilled, c.total_price_kobo, c.amount_raised_kobo, null, c.created_at, c.updated_at
      from organization_campaigns c join organization_products p on p.id = c.organization_product_id
     where c.organization_id = ${userId}`;
  const gifts = accountGiftsOf({ id: userId, email: me.email, verified: me.email_verified });
  const signedAt = Date.now();
  return {
    about: ABOUT,
    exported_at: new Date(signedAt).toISOString(),
    account: account!,
    profiles: {
      recipient: recipient ?? null,
      organization: organization ?? null,
      caseworker: caseworker ?? null,
      team: teamMembership ?? null,
    },
    // File keys are names inside storage, not answers: the files themselves are linked below.
    onboarding_answers: await jsonRows(
      db,
      sql`select kind, version, answers - 'profilePhotoKey' - 'idDocumentKey' as answers, status, review_note, created_at, reviewed_at
            from onboarding_submissions where user_id = ${userId} order by version`,
    ),
    consent_records: await jsonRows(
      db,
      sql`select a.consent_method, a.consent_given_on, a.witness_name, o.organization_name as helped_by_organization,
                 a.consent_form_key is not null as has_signed_form, a.created_at
            from assisted_applications a left join organization_profiles o on o.user_id = a.organization_id
           where a.recipient_id = ${userId}`,
    ),
    campaigns: await jsonRows(db, sql`${ownCampaigns} order by created_at desc`),
    campaign_updates: await jsonRows(
      db,
      sql`select coalesce(recipient_campaign_id::text, 'org-' || organization_campaign_id) as campaign, body, video_url, status, created_at
            from campaign_updates where author_user_id = ${userId} order by created_at desc`,
    ),
    collection_bookings: await jsonRows(
      db,
      sql`select coalesce(b.recipient_campaign_id::text, 'org-' || b.organization_campaign_id) as campaign, s.starts_at,
                 b.status, b.moves, b.created_at, b.updated_at
            from collection_bookings b join collection_slots s on s.id = b.slot_id
            left join recipient_campaigns rc on rc.id = b.recipient_campaign_id
            left join organization_campaigns oc on oc.id = b.organization_campaign_id
           where b.booked_by = ${userId} or rc.recipient_id = ${userId} or oc.organization_id = ${userId}
           order by s.starts_at desc`,
    ),
    gifts: await jsonRows(db, giftRows(gifts)),
    words_of_support: await jsonRows(
      db,
      sql`select d.reference, s.body, s.anonymous, s.status, s.created_at
            from support_messages s join donations d on d.id = s.donation_id where ${gifts} order by s.created_at desc`,
    ),
    update_mail_stopped:
      me.email_verified && me.email
        ? await jsonRows(
            db,
            sql`select coalesce(recipient_campaign_id::text, 'org-' || organization_campaign_id) as campaign, created_at
                from update_unsubscribes where lower(email) = lower(${me.email}) order by created_at desc`,
          )
        : [],
    notices: await jsonRows(
      db,
      sql`select message, link_to, is_read, created_at from notifications where user_id = ${userId} order by created_at desc`,
    ),
    messages_sent: MESSAGES_SENT,
    sessions: await jsonRows(
      db,
      sql`select created_at, last_seen_at, expires_at, revoked_at, user_agent from sessions where user_id = ${userId} order by created_at desc`,
    ),
    files: await fileLinks(deps, userId, signedAt),
  };
}

/** Each stored file of the person, as a link this server signs and checks, working for a few minutes. */
async function fileLinks(deps: Deps, userId: number, signedAt: number): Promise<AccountExport['files']> {
  const files = await storedFilesOf(deps.db, userId);
  const base = publicBaseUrl(deps.config);
  const expires = new Date(signedAt + DOCUMENT_LINK_SECONDS * 1000).toISOString();
  return Promise.all(
    files.map(async (file) => {
      const link = await documentLink(deps.db, deps.signer, file.key);
      const what = FILE_WORDS[file.purpose ?? ''] ?? 'Uploaded file';
      return {
        what,
        // A name inside storage is not the person's: without the name they sent, the kind of file says it.
        file_name: file.fileName ?? `${what}${path.extname(file.key)}`,
        download_url: link ? `${base}${link}` : null,
        link_expires_at: expires,
      };
    }),
  );
}

/** The audit line for an export: who and when, nothing they hold. */
export async function auditExport(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  await audit(deps.db, { adminId: userId, action: 'account.export', entity: 'user', entityId: userId });
}
