import { clientKey, type RateLimits, type Rule } from '../../http/rate-limit';

/**
 * Every code the platform sends by SMS counts against these limits, whichever way it was asked for
 * (a sign-in code, a code proving a new number, a voice PIN): each is a text to someone's phone that
 * the platform pays for. Per number, so no phone is flooded however many accounts or addresses ask;
 * per client address, so one address cannot text many numbers (docs/decisions/0066).
 */
export const SMS_CODE_LIMITS = {
  perNumber: {
    name: 'sms-code-number',
    max: 5,
    windowSeconds: 3600,
    message: 'Too many codes asked for this number. Please wait an hour and try again, or call us for help.',
  },
  perAddress: {
    name: 'sms-code-addr',
    max: 20,
    windowSeconds: 3600,
    message: 'Too many codes asked for from this connection. Please wait an hour and try again, or call us for help.',
  },
} as const satisfies Record<string, Rule>;

/** Counts one code by SMS to `phoneNumber` asked for from `ip`: 429 with a sentence past either limit. */
export async function countSmsCode(limits: RateLimits, phoneNumber: string, ip: string): Promise<void> {
  await limits.hit(SMS_CODE_LIMITS.perAddress, clientKey(ip));
  await limits.hit(SMS_CODE_LIMITS.perNumber, phoneNumber);
}

/**
 * For a code asked for on a call rather than from an address (the voice PIN): whether the number has
 * room for one more, and `countSmsCodeTo` once it is queued.
 */
export async function smsCodeRoomFor(limits: RateLimits, phoneNumber: string): Promise<boolean> {
  return (await limits.peek(SMS_CODE_LIMITS.perNumber, phoneNumber)) < SMS_CODE_LIMITS.perNumber.max;
}
export async function countSmsCodeTo(limits: RateLimits, phoneNumber: string): Promise<void> {
  await limits.count(SMS_CODE_LIMITS.perNumber, phoneNumber);
}
