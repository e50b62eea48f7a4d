import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@contract/auth';
import type { OrganizationRole } from '@contract/organization-roles';
import { userMayAct } from '@/lib/organization-acts';
import { areaPages } from './kinds';

const member = (organizationRole: OrganizationRole | null, role = 'organization'): SessionUser => ({
  id: 7,
  first_name: 'Bisi',
  last_name: 'Adeyemi',
  email: 'bisi@example.org',
  phoneNumber: null,
  role,
  isOnboardingComplete: true,
  organizationName: 'Lagos School for the Blind',
  organizationRole,
  canCreateCampaign: false,
  mustChangePassword: false,
  hasPassword: true,
  hasSecondFactor: false,
});

const menu = (user: SessionUser | null) => areaPages('organization', user).map((p) => p.page);

describe("an organization area's menu follows the member's role", () => {
  it('gives an owner every page', () => {
    expect(menu(member('owner'))).toEqual([
      'dashboard',
      'catalog',
      'status',
      'profile',
      'team',
      'caseworkers',
      'gifts',
      'settings',
      'help',
    ]);
  });

  it('leaves the gifts out for a manager, and the caseworkers for a finance member', () => {
    expect(menu(member('manager'))).not.toContain('gifts');
    expect(menu(member('manager'))).toContain('caseworkers');
    expect(menu(member('finance'))).not.toContain('caseworkers');
    expect(menu(member('finance'))).toContain('gifts');
    expect(menu(member('finance'))).toContain('team');
  });

  it('keeps only help for an account on no team, and leaves a recipient area whole', () => {
    expect(menu(member(null))).toEqual(['help']);
    expect(areaPages('recipient', member(null, 'recipient')).map((p) => p.page)).toContain('catalog');
  });

  it('trusts a profile stored before roles existed until the fresh one arrives', () => {
    const stored = { ...member('owner') } as Partial<SessionUser>;
    delete stored.organizationRole;
    expect(userMayAct(stored as SessionUser, 'manageTeam')).toBe(true);
    expect(userMayAct(member('finance'), 'manageCampaigns')).toBe(false);
    expect(userMayAct(member('manager'), 'manageCampaigns')).toBe(true);
  });
});
