import { z } from 'zod';
import { oneLine } from './one-line';
import { emailSchema, passwordSchema } from './auth';
import { numberedPageFields, pagedReply } from './page-query';

/**
 * Manage Users (product notes 2, 3 and 7): the list, the admin roles offered for a new admin, a new
 * admin, deleting an account and one person's history. Money is integer kobo.
 */

export const USER_ROLE_FILTERS = ['all', 'admin', 'recipient', 'donor', 'organization'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const LAST_SUPER_ADMIN = 'The last super admin account cannot be deleted.';
export const ADMIN_CREATED = 'Successfully created admin';
export const DELETED_NAME = 'Deleted user';

/** GET /api/admin/users/all */
export const usersQuerySchema = z.object({
  role: z.enum(USER_ROLE_FILTERS, { error: 'Choose all, admin, recipient, donor or organization.' }).default('all'),
  q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
  ...numberedPageFields(25),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** Admin user list item (product notes 3), with when the account was made and whether it is still in use. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  /** Null for an account known only by its phone number (docs/decisions/0066). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  role: z.string(),
  created_at: z.string(),
  is_active: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const usersReplySchema = pagedReply(adminUserSchema).extend({
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Role list item (product notes 3): only admin roles are offered for a new admin. */
export const roleSchema = z.object({ id: z.number().int(), name: z.string() });
export const rolesReplySchema = z.array(roleSchema);
export type Role = z.infer<typeof roleSchema>;

/** POST /api/admin/users: first name, email, a temporary password and an admin role required; last name optional. */
export const newAdminSchema = z.object({
  firstName: oneLine(
    z
      .string({ error: 'Enter the first name.' })
      .trim()
      .min(1, 'Enter the first name.')
      .max(80, 'The first name is too long.'),
  ),
  lastName: oneLine(z.string().trim().max(80, 'The last name is too long.')).optional(),
  email: emailSchema,
  password: passwordSchema,
  roleId: z.coerce
    .number({ error: 'Choose a role.' })
    .int('Choose a role.')
    .positive('Choose a role.')
    .max(2_147_483_647, 'Choose a role.'),
});
export type NewAdmin = z.input<typeof newAdminSchema>;

export const userActionReplySchema = z.object({ message: z.string() });

export const userIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'User id must be a whole number.' })
    .int('User id must be a whole number.')
    .positive('User id must be positive.')
    .max(2_147_483_647, 'User id is not a valid id.'),
});

/** GET /api/admin/users/{id}/history: the person, their campaigns (org ones as 'org-12') and their gifts. */
export const userHistoryReplySchema = z.object({
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string().nullable(),
    role: z.string(),
  }),
  campaigns: z.array(
    z.object({ id: z.string(), product_name: z.string(), created_at: z.string(), status: z.string() }),
  ),
  gifts: z.array(
    z.object({
      campaign_id: z.string(),
      product_name: z.string(),
      amount: z.number().int(),
      units: z.number().int(),
      date: z.string(),
    }),
  ),
});
export type UserHistory = z.infer<typeof userHistoryReplySchema>;
