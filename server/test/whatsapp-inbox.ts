import type { WhatsAppMessage, WhatsAppSender } from '../providers/whatsapp/whatsapp';

/** A WhatsApp sender that keeps what it is asked to send, so tests can read the messages a person was sent. */
export function createWhatsAppInbox(): WhatsAppSender & { messages: WhatsAppMessage[]; to(number: string): string[] } {
  const messages: WhatsAppMessage[] = [];
  return {
    description: 'test WhatsApp inbox',
    messages,
    async send(message) {
      messages.push(message);
      return undefined;
    },
    /** Every message's text sent to `number`, oldest first. */
    to(number) {
      return messages.filter((m) => m.to === number).map((m) => m.text);
    },
  };
}
