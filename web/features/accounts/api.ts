import type { AuthReply } from '@contract/auth';
import type { SignInChallengeReply } from '@contract/second-factor';
import type { AcceptMember, MemberInvitation } from '@contract/organization-team';
import type { SelfServiceRole } from '@contract/roles';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';

function post<T>(path: string, body: unknown): Promise<T> {
  return apiRequest<T>(path, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.data);
}

export type LoginBody = { email: string; password: string; turnstileToken?: string };
/** A sign-in answers a session, or for a person with a second factor a challenge (docs/decisions/0070). */
export type SignInReply = AuthReply | SignInChallengeReply;
export const login = (body: LoginBody) => post<SignInReply>('/auth/login', body);

export type RegisterBody = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  role: SelfServiceRole;
  turnstileToken?: string;
  organizationName?: string;
};
export const register = (body: RegisterBody) => post<{ message: string }>('/auth/register', body);

export const userExists = (email: string) =>
  apiGet<{ exists: boolean; isVerified: boolean }>(`/auth/user-exists?${new URLSearchParams({ email }).toString()}`);

/** `password` is the one the person typed: verifying keeps it, and ends any password someone else set. */
export const verifyEmail = (email: string, token: string, password?: string) =>
  post<AuthReply>('/auth/verify-email', { email, token, ...(password ? { password } : {}) });
export const resendOtp = (email: string) => post<{ message: string }>('/auth/resend-otp', { email });
/** Sign-in or a recipient's sign-up by a code sent by SMS (docs/decisions/0066). */
export const requestPhoneCode = (phoneNumber: string) => post<{ message: string }>('/auth/phone/code', { phoneNumber });
export type PhoneVerifyBody = {
  phoneNumber: string;
  code: string;
  firstName?: string;
  lastName?: string;
  role?: 'recipient';
};
export const verifyPhoneCode = (body: PhoneVerifyBody) => post<SignInReply>('/auth/phone/verify', body);
/** Or the number and the password a phone-only account set in its settings. */
export const phoneLogin = (body: { phoneNumber: string; password: string; turnstileToken?: string }) =>
  post<SignInReply>('/auth/phone/login', body);
export const googleAuth = (token: string) => post<SignInReply>('/auth/google', { token, role: 'donor' });
export const forgotPassword = (email: string) => post<{ message: string }>('/auth/forgot-password', { email });
export const resetPassword = (token: string, newPassword: string) =>
  post<{ message: string }>('/auth/reset-password', { token, newPassword });

/**
 * The text to show for a failed call: the server's own message when it sent one, `noMessage` when it
 * replied without one, `unreadable` when the reply could not be read; with no reply at all, that the
 * server could not be reached and what was typed is kept (SEND_FAILURE, decision 0047).
 */
export function failureMessage(error: unknown, noMessage: string, unreadable: string): string {
  return errorMessage(error, { noMessage, unreadable });
}

/** An organization's invitation to its team (docs/decisions/0075): who invites, as what, and where it was sent. */
export const fetchTeamInvitation = (token: string) =>
  apiGet<MemberInvitation>(`/organization/members/invitations/${encodeURIComponent(token)}`);
/** Accepting signs the person in as a sign-in does: a session, or a second-factor challenge first. */
export const acceptTeamInvitation = (body: AcceptMember) => post<SignInReply>('/organization/members/accept', body);
