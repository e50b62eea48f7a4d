/**
 * The two audiences that ask for devices, and the pages of each one's area under `/<kind>/`, in the
 * sidebar's order. The router mounts these, so this file stays free of words and icons (it is part
 * of the entry); what each page is called is in `kinds.ts`.
 */
export type RequesterKind = 'recipient' | 'organization';

export type AreaPageName =
  'dashboard' | 'catalog' | 'status' | 'profile' | 'team' | 'caseworkers' | 'gifts' | 'settings' | 'help';

export const AREA_PAGES: Record<RequesterKind, readonly AreaPageName[]> = {
  recipient: ['dashboard', 'catalog', 'status', 'profile', 'settings', 'help'],
  organization: ['dashboard', 'catalog', 'status', 'profile', 'team', 'caseworkers', 'gifts', 'settings', 'help'],
};

export const areaPath = (kind: RequesterKind, page: AreaPageName) => `/${kind}/${page}`;
