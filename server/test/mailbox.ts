import type { MailMessage, Mailer } from '../providers/mail/mail';

/** Anything that can hand over the verification code mailed to an address: this mailbox or the SMTP catcher. */
export type CodeReader = { lastCode(address: string, not?: string, after?: number): Promise<string> };

const codeIn = (mail: MailMessage) => /verification code: (\d{6})/.exec(mail.subject)?.[1];

/** A mailer that keeps what it is asked to send, for tests that need a mailed code but not SMTP itself. */
export function createMailbox(): Mailer & CodeReader & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    description: 'test mailbox',
    messages,
    async send(message) {
      messages.push(message);
    },
    /** The newest code mailed to `address` (other than `not`), waiting for the mail job to send it. */
    async lastCode(address, not, after = 0) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const code = messages
          .slice(after)
          .filter((m) => m.to === address)
          .map(codeIn)
          .filter((c) => c !== undefined && c !== not)
          .at(-1);
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no verification code mailed to ${address} within 15 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
