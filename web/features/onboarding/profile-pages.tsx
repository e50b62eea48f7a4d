import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { ID_TYPE_LABELS } from '@contract/onboarding';
import { errorMessage } from '@/lib/api';
import { Avatar } from '@/ui/avatar';
import { Facts } from '@/ui/facts';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { Page } from '@/ui/page';
import { textLink } from '@/ui/text-link';
import { fetchOrganizationProfile, fetchRecipientProfile } from './api';

// Document links work for five minutes: fetch fresh ones well before that while the page is open.
const REFRESH_MS = 4 * 60 * 1000;
// Spec 8's sentences when the server gives none.
const FAILED = 'Failed to fetch profile data.';
const ORGANIZATION_FAILED = 'Failed to fetch organization profile data.';

function DocumentLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return <>Not uploaded</>;
  return (
    <a href={url} className={`${textLink} inline-flex items-center gap-2`} download>
      <Download aria-hidden="true" className="size-5" />
      {label}
    </a>
  );
}

function ProfileFrame({
  title,
  name,
  photo,
  status,
  children,
}: {
  title: string;
  name: string;
  photo: string | null;
  status: 'pending' | 'error' | 'success';
  children: ReactNode;
}) {
  return (
    <Page title={title}>
      {status === 'success' ? (
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <Avatar name={name} src={photo} size={120} />
          <div className="min-w-0 flex-1">{children}</div>
        </div>
      ) : (
        children
      )}
    </Page>
  );
}

export function RecipientProfilePage() {
  const query = useQuery({
    queryKey: ['profile', 'recipient'],
    queryFn: fetchRecipientProfile,
    refetchInterval: REFRESH_MS,
  });
  const p = query.data;
  const name = p ? `${p.first_name} ${p.last_name}`.trim() : '';
  return (
    <ProfileFrame title="My Profile" name={name} photo={p?.profile_photo_url ?? null} status={query.status}>
      {query.isPending ? <LoadingState>Loading...</LoadingState> : null}
      {query.isError ? <ErrorMessage>{errorMessage(query.error, { noMessage: FAILED })}</ErrorMessage> : null}
      {p ? (
        <>
          <h2 className="text-2xl font-bold">{name}</h2>
          <Facts
            className="mt-6 text-lg"
            facts={[
              ['Email', p.email],
              ['Gender', p.gender],
              ['Age', String(p.age)],
              ['State of origin', p.state_of_origin],
              ['Employment status', p.employment_status],
              ['About you', p.recipient_bio],
              [
                'ID type',
                `${ID_TYPE_LABELS[p.id_type] ?? p.id_type}${p.id_holder === 'parentOrGuardian' ? " (a parent's or guardian's)" : ''}`,
              ],
              ['ID document', <DocumentLink key="doc" url={p.id_document_url} label="Download your ID document" />],
            ]}
          />
        </>
      ) : null}
    </ProfileFrame>
  );
}

export function OrganizationProfilePage() {
  const query = useQuery({
    queryKey: ['profile', 'organization'],
    queryFn: fetchOrganizationProfile,
    refetchInterval: REFRESH_MS,
  });
  const p = query.data;
  return (
    <ProfileFrame
      title="Organization Profile"
      name={p?.organization_name ?? ''}
      photo={p?.profile_photo_url ?? null}
      status={query.status}
    >
      {query.isPending ? <LoadingState>Loading...</LoadingState> : null}
      {query.isError ? (
        <ErrorMessage>{errorMessage(query.error, { noMessage: ORGANIZATION_FAILED })}</ErrorMessage>
      ) : null}
      {p ? (
        <>
          <h2 className="text-2xl font-bold">{p.organization_name}</h2>
          <Facts
            className="mt-6 text-lg"
            facts={[
              ['Email', p.email],
              ['Year of establishment', p.year_of_establishment ? String(p.year_of_establishment) : 'Not given'],
              ['State of operation', p.state_of_operation ?? 'Not given'],
              ['About the organization', p.organization_bio ?? 'Not given'],
              ['Document type', p.id_type ? (ID_TYPE_LABELS[p.id_type] ?? p.id_type) : 'Not given'],
              [
                'Document',
                <DocumentLink key="doc" url={p.id_document_url} label="Download your registration document" />,
              ],
            ]}
          />
        </>
      ) : null}
    </ProfileFrame>
  );
}
