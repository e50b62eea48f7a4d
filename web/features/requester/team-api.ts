import { z } from 'zod';
import type { OrganizationGifts } from '@contract/organization-gifts';
import { organizationGiftsSchema, ORGANIZATION_GIFTS_CSV_PATH } from '@contract/organization-gifts';
import { memberSchema, type Member, type OrganizationRole } from '@contract/organization-team';
import { apiDownload, apiGet, apiRequest } from '@/lib/api';

/** The calls of the Team and Gifts pages (docs/decisions/0075). */

export const TEAM_KEY = ['organization', 'members'] as const;
export const GIFTS_KEY = ['organization', 'gifts'] as const;

export const fetchMembers = async (): Promise<Member[]> =>
  z.array(memberSchema).parse(await apiGet<unknown>('/organization/members'));

const send = async (path: string, method: string, body?: unknown) =>
  (
    await apiRequest<{ message: string }>(path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  ).data;

/** Invites by email or by phone number; the server answers the new row's id, and sends the link. */
export async function inviteMember(body: { email?: string; phoneNumber?: string; role: OrganizationRole }) {
  return (await apiRequest<{ id: number }>('/organization/members', { method: 'POST', body: JSON.stringify(body) }))
    .data;
}

export const changeRole = (id: number, role: OrganizationRole) =>
  send(`/organization/members/${id}`, 'PATCH', { role });
export const removeMember = (id: number) => send(`/organization/members/${id}`, 'DELETE');
export const resendInvitation = (id: number) => send(`/organization/members/${id}/resend`, 'POST');
export const handOver = (id: number) => send(`/organization/members/${id}/hand-over`, 'POST');
export const leaveTeam = () => send('/organization/members/leave', 'POST');

export const fetchGifts = async (): Promise<OrganizationGifts> =>
  organizationGiftsSchema.parse(await apiGet<unknown>('/organization/donations'));

/** Every gift as the server's CSV, saved with the session's token (a bearer token cannot ride on a plain link). */
export const downloadGifts = (fileName: string) =>
  apiDownload(ORGANIZATION_GIFTS_CSV_PATH.replace(/^\/api/, ''), fileName);

/** Asks for the one-time link that closes the organization; the owner receives it (docs/decisions/0075). */
export const askToCloseOrganization = () => send('/organization/closure', 'POST');
