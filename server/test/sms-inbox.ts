import type { SmsMessage, SmsSender } from '../providers/sms/sms';

/** An SMS sender that keeps what it is asked to send, so tests can read the texts a person was sent. */
export function createSmsInbox(): SmsSender & { messages: SmsMessage[]; to(number: string): string[] } {
  const messages: SmsMessage[] = [];
  return {
    description: 'test SMS inbox',
    messages,
    async send(message) {
      messages.push(message);
    },
    /** Every text sent to `number`, oldest first. */
    to(number) {
      return messages.filter((m) => m.to === number).map((m) => m.text);
    },
  };
}
