import { z } from 'zod';
import { emailSchemaFor, passwordSchema, phoneSchemaFor } from './auth';
import { oneLine } from './one-line';
import { ORGANIZATION_ROLES } from './organization-roles';

export {
  accountRoleOf,
  mayAct,
  ORGANIZATION_ACTS,
  ORGANIZATION_ROLE_SUMMARIES,
  ORGANIZATION_ROLE_WORDS,
  ORGANIZATION_ROLES,
  type OrganizationAct,
  type OrganizationRole,
} from './organization-roles';

export const NOT_A_MEMBER =
  'You are no longer a member of an organization on this account. Ask the organization to invite you again.';
export const ROLE_NOT_ALLOWED = 'Your role in the organization does not allow this. Ask an owner.';
export const CLOSING_IS_FOR_OWNERS =
  "This account is the organization's own: erasing it closes the organization, which only an owner may do. Ask an owner to make this account an owner first.";
export const LAST_OWNER =
  'An organization always has at least one owner. Make someone else an owner first, then try again.';
export const MEMBER_NOT_FOUND = 'That member or invitation was not found.';
export const MEMBER_INVITE_NOT_FOUND =
  'This invitation link is not valid or has expired. Ask the organization for a new one.';
export const MEMBER_HAS_OTHER_ACCOUNT =
  'An account with this email or phone number already exists and is not a former team member. A member needs an email address or phone number of their own.';
export const ALREADY_A_MEMBER =
  'This person is already a member of an organization. A person belongs to one organization at a time.';
export const INVITE_EMAIL_OR_PHONE = 'Enter an email address or a phone number to send the invitation to.';

const roleSchema = z.enum(ORGANIZATION_ROLES, { error: 'Choose a role: owner, manager, finance or caseworker.' });

/** POST /api/organization/members: invite someone by email or by phone number, with their role. */
export const inviteMemberSchema = z
  .object({
    email: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      emailSchemaFor('Enter the email address.').optional(),
    ),
    phoneNumber: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      phoneSchemaFor('Enter the phone number.').optional(),
    ),
    role: roleSchema,
  })
  .refine((v) => v.email !== undefined || v.phoneNumber !== undefined, {
    message: INVITE_EMAIL_OR_PHONE,
    path: ['email'],
  });
export type InviteMember = z.input<typeof inviteMemberSchema>;

/** PATCH /api/organization/members/{id}. */
export const changeMemberRoleSchema = z.object({ role: roleSchema });

export const MEMBER_STATUSES = ['active', 'invited'] as const;

/** One row of GET /api/organization/members: a member, or an invitation still open. */
export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ORGANIZATION_ROLES),
  status: z.enum(MEMBER_STATUSES),
  /** The signed-in member's own row. */
  is_you: z.boolean(),
  /** The account that signed the organization up: the organization's own, which stays on its team. */
  founding: z.boolean(),
  /** When they joined, or for an invitation when it was sent. */
  since: z.string(),
  /** An invitation's last day. */
  expires_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const memberTokenSchema = z.string({ error: MEMBER_INVITE_NOT_FOUND }).min(1).max(200);

const ownName = (what: string) =>
  oneLine(
    z
      .string({ error: `Enter your ${what}.` })
      .trim()
      .min(1, `Enter your ${what}.`)
      .max(80, `Your ${what} is too long.`),
  );

/** POST /api/organization/members/accept: the invited person's own name and password. */
export const acceptMemberSchema = z.object({
  token: memberTokenSchema,
  firstName: ownName('first name'),
  lastName: ownName('last name'),
  password: passwordSchema,
});
export type AcceptMember = z.input<typeof acceptMemberSchema>;

/** GET /api/organization/members/invitation?token=: what the join page shows before accepting. */
export const memberInvitationSchema = z.object({
  organization_name: z.string(),
  role: z.enum(ORGANIZATION_ROLES),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

/** Where an invitation's link leads. */
export const JOIN_PATH = '/join';
