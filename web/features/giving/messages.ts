import { FUND_REFUSAL } from '@contract/payment-channels';
import { ApiError, errorMessage } from '@/lib/api';

/** Said wherever a test payment could be mistaken for a real one. */
export const TEST_MODE_NOTICE = 'Test mode: no money is charged.';
export const FILL_IN_DETAILS = 'Please fill in your name and email to continue.';
/** The summary's heading once the name and email are filled in and something else needs fixing. */
export const CHECK_DETAILS = 'Please check the details below to continue.';
export const UNKNOWN_SERVER_ERROR = 'An unknown error occurred on our server.';
export const UNEXPECTED_RESPONSE = 'Our server returned an unexpected response. Please contact support.';
export const GATEWAY_UNAVAILABLE =
  'The payment gateway is unavailable right now, so no payment was taken. Please try again in a few minutes.';
export const MISSING_REFERENCE =
  'A critical error occurred: our server did not issue a payment reference, so no payment was taken. Please try again, or contact support if this keeps happening.';

/** An error whose message is already written for the donor. */
export class ShownError extends Error {}

/** What to tell the donor about a failed call: the server's own message when it sent one. */
export function messageFor(error: unknown): string {
  if (error instanceof ShownError) return error.message;
  return errorMessage(error, { noMessage: UNKNOWN_SERVER_ERROR, unreadable: UNEXPECTED_RESPONSE });
}

/** Failures worth repeating with the same payment reference: the network, or the server itself. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500 || error.status === 429;
  return true;
}

/**
 * A failed fund call after the payment window closed that says no money moved (the provider has no
 * completed payment), or says nothing yet (the network, the server, a moment's limit): the checkout
 * stands and Pay reuses it. Any other refusal, such as a payment of another amount, may follow money
 * that moved, so the donor is told.
 */
export function nothingTakenYet(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === FUND_REFUSAL.notCompleted || error.status === 0 || error.status >= 500 || error.status === 429;
}
