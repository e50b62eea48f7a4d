/** Roles, limits and landing pages: plain values with no schema library, so any page may import them. */
export const SELF_SERVICE_ROLES = ['recipient', 'donor', 'organization'] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];
/**
 * A caseworker is invited by an organization and applies on behalf of recipients who consent
 * (docs/decisions/0043); nobody signs up as one.
 */
export const CASEWORKER_ROLE = 'caseworker';
/** Every role that is not an admin's. */
export const NON_ADMIN_ROLES = [...SELF_SERVICE_ROLES, CASEWORKER_ROLE] as const;
export type NonAdminRole = (typeof NON_ADMIN_ROLES)[number];
/** Roles as the app sees them: any role name other than the non-admin ones is an admin. */
export type AppRole = NonAdminRole | 'admin';

export const PASSWORD_MIN = 8;
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_SECONDS = 60;
export const RESET_REDIRECT_SECONDS = 3;

export function appRole(roleName: string): AppRole {
  return (NON_ADMIN_ROLES as readonly string[]).includes(roleName) ? (roleName as NonAdminRole) : 'admin';
}

/**
 * The admin role that alone adds, changes and deletes accounts (docs/decisions/0024). Every other
 * admin role reviews requests and manages the catalogues and content.
 */
export const SUPER_ADMIN_ROLE = 'super_admin';
export const isSuperAdmin = (roleName: string | null | undefined): boolean => roleName === SUPER_ADMIN_ROLE;
export const SUPER_ADMIN_ONLY = 'Only a super admin can add admin accounts or delete accounts.';

/** What the server answers a session that must choose its own password to any other call. */
export const PASSWORD_CHANGE_REQUIRED = 'Choose a new password before doing anything else.';

/** Where an account made with a temporary password chooses its own before anything else. */
export const SET_PASSWORD_PATH = '/set-password';

/** Where a user lands after signing in (product notes 4, Session). */
export function homeFor(
  user: { role: string; isOnboardingComplete: boolean; mustChangePassword?: boolean } | null | undefined,
): string {
  if (!user?.role) return '/';
  if (user.mustChangePassword) return SET_PASSWORD_PATH;
  const role = appRole(user.role);
  if ((role === 'recipient' || role === 'organization') && !user.isOnboardingComplete) return '/onboarding';
  if (role === 'recipient') return '/recipient/dashboard';
  if (role === 'organization') return '/organization/dashboard';
  if (role === 'donor') return '/';
  if (role === 'caseworker') return '/caseworker';
  return '/admin/dashboard';
}
