/** Plain values with no schema library, so any page and the server's auth check may import them. */

/**
 * An organization's team (docs/decisions/0075): members, each a person with their own account, and
 * what each role may do. The organization itself is the account that signed it up; a member acts
 * for it.
 */
export const ORGANIZATION_ROLES = ['owner', 'manager', 'finance', 'caseworker'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export const ORGANIZATION_ROLE_WORDS: Record<OrganizationRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  finance: 'Finance',
  caseworker: 'Caseworker',
};

/** What each role is for, as the invitation form and the Team page say it. */
export const ORGANIZATION_ROLE_SUMMARIES: Record<OrganizationRole, string> = {
  owner: 'Everything, including the team, the profile and settings.',
  manager: 'Requests, updates, deliveries, collections and caseworkers.',
  finance: 'Reads campaigns and gifts, and downloads them. Changes nothing.',
  caseworker: 'Applies for people who consent, and sees only them.',
};

/**
 * The one table of what a member may do for the organization: every organization route names one
 * act, and the server checks the member's role against it before anything runs; the web shows
 * only the controls the viewer's role allows. `self` is the person's own account (their password,
 * sessions, second factor, notices), open to every member.
 */
export const ORGANIZATION_ACTS = {
  self: ['owner', 'manager', 'finance'],
  readCampaigns: ['owner', 'manager', 'finance'],
  manageCampaigns: ['owner', 'manager'],
  manageCaseworkers: ['owner', 'manager'],
  readGifts: ['owner', 'finance'],
  readTeam: ['owner', 'manager', 'finance'],
  manageTeam: ['owner'],
  manageProfile: ['owner'],
  closeOrganization: ['owner'],
} as const satisfies Record<string, readonly OrganizationRole[]>;
export type OrganizationAct = keyof typeof ORGANIZATION_ACTS;

export function mayAct(role: OrganizationRole | null | undefined, act: OrganizationAct): boolean {
  return role != null && (ORGANIZATION_ACTS[act] as readonly string[]).includes(role);
}

/** The app's role of a member's account: caseworkers have their own area, every other member the organization's. */
export function accountRoleOf(role: OrganizationRole): 'organization' | 'caseworker' {
  return role === 'caseworker' ? 'caseworker' : 'organization';
}
