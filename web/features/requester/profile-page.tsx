import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import {
  ID_TYPE_LABELS,
  type OrganizationProfile,
  type RecipientPrivacy,
  type RecipientProfile,
} from '@contract/onboarding';
import { PUBLIC_NAME_LABELS } from '@contract/public-name';
import { apiGet, errorMessage } from '@/lib/api';
import { Avatar } from '@/ui/avatar';
import { Facts } from '@/ui/facts';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import type { RequesterKind } from './area';
import { PrivacyForm } from './privacy-form';

// Document links work for five minutes: fetch fresh ones well before that while the page is open.
const REFRESH_MS = 4 * 60 * 1000;

/** A profile as the page shows it: the name, the photo, the answers, and the link to the document. */
type ProfileView = {
  name: string;
  photo: string | null;
  facts: [string, string][];
  document: { fact: string; label: string; url: string | null };
  /** A recipient's choice of what public pages show of them. */
  privacy?: RecipientPrivacy & { firstName: string; lastName: string };
};

const NOT_GIVEN = 'Not given';

/** Each kind's profile: where it is read, the sentence of product notes 8 when the server gives none, and its answers. */
const PROFILES: Record<RequesterKind, { title: string; failed: string; load: () => Promise<ProfileView> }> = {
  recipient: {
    title: 'My Profile',
    failed: 'Failed to fetch profile data.',
    load: async () => {
      const p = await apiGet<RecipientProfile>('/profile/recipient');
      return {
        name: `${p.first_name} ${p.last_name}`.trim(),
        photo: p.profile_photo_url,
        facts: [
          ['Email', p.email ?? 'None: we reach you by SMS'],
          ['Gender', p.gender],
          ['Age', String(p.age)],
          ['State of origin', p.state_of_origin],
          ['Employment status', p.employment_status],
          ['About you', p.recipient_bio],
          ['Name on public pages', PUBLIC_NAME_LABELS[p.public_name]],
          ['State on public pages', p.show_state ? 'Shown' : 'Not shown'],
          [
            'ID type',
            `${ID_TYPE_LABELS[p.id_type] ?? p.id_type}${p.id_holder === 'parentOrGuardian' ? " (a parent's or guardian's)" : ''}`,
          ],
        ],
        document: { fact: 'ID document', label: 'Download your ID document', url: p.id_document_url },
        privacy: {
          firstName: p.first_name,
          lastName: p.last_name,
          publicName: p.public_name,
          showState: p.show_state,
        },
      };
    },
  },
  organization: {
    title: 'Organization Profile',
    failed: 'Failed to fetch organization profile data.',
    load: async () => {
      const p = await apiGet<OrganizationProfile>('/profile/organization');
      return {
        name: p.organization_name,
        photo: p.profile_photo_url,
        facts: [
          ['Email', p.email],
          ['Year of establishment', p.year_of_establishment ? String(p.year_of_establishment) : NOT_GIVEN],
          ['State of operation', p.state_of_operation ?? NOT_GIVEN],
          ['About the organization', p.organization_bio ?? NOT_GIVEN],
          ['Document type', p.id_type ? (ID_TYPE_LABELS[p.id_type] ?? p.id_type) : NOT_GIVEN],
        ],
        document: { fact: 'Document', label: 'Download your registration document', url: p.id_document_url },
      };
    },
  },
};

function DocumentLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>Not uploaded</>;
  return (
    <a href={url} className={`${textLink} inline-flex items-center gap-2`} download>
      <Download aria-hidden="true" className="size-5" />
      {label}
    </a>
  );
}

export default function ProfilePage({ kind }: { kind: RequesterKind }) {
  const profile = PROFILES[kind];
  const query = useQuery({ queryKey: ['profile', kind], queryFn: profile.load, refetchInterval: REFRESH_MS });
  const p = query.data;
  return (
    <Page title={profile.title}>
      {query.isPending ? <LoadingState>Loading...</LoadingState> : null}
      {query.isError ? <ErrorMessage>{errorMessage(query.error, { noMessage: profile.failed })}</ErrorMessage> : null}
      {p ? (
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <Avatar name={p.name} src={p.photo} size={120} />
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl font-bold">{p.name}</h2>
            <Facts
              className="mt-6 text-lg"
              facts={[
                ...p.facts,
                [p.document.fact, <DocumentLink key="doc" url={p.document.url} label={p.document.label} />],
              ]}
            />
            {p.privacy ? (
              <PrivacyForm firstName={p.privacy.firstName} lastName={p.privacy.lastName} current={p.privacy} />
            ) : null}
          </div>
        </div>
      ) : null}
    </Page>
  );
}
