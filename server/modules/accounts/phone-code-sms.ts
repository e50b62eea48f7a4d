import { HELP_LINE } from '@contract/sms';
import type { SmsMessage } from '../../providers/sms/sms';

/** Minutes a code proving a new phone number stays good. */
export const PHONE_CODE_MINUTES = 10;

/** The text carrying the code: who is writing, the code, how long it lasts, and who to call if unasked. */
export function phoneCodeSms(to: string, code: string): SmsMessage {
  return {
    to,
    text:
      `Gift of Independence: your code to confirm this phone number is ${code}. ` +
      `It expires in ${PHONE_CODE_MINUTES} minutes. If you did not ask for it, call ${HELP_LINE}.`,
  };
}

/** The text carrying a sign-in code: who is writing, the code, how long it lasts, and who to call if unasked. */
export function signInCodeSms(to: string, code: string): SmsMessage {
  return {
    to,
    text:
      `Gift of Independence: your sign-in code is ${code}. ` +
      `It expires in ${PHONE_CODE_MINUTES} minutes. Never share it. If you did not ask for it, call ${HELP_LINE}.`,
  };
}
