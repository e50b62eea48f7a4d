import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** A file sent with a message, such as a receipt's PDF. */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Built when the mail is sent, never stored in a job: a job holds only what is needed to build them. */
  attachments?: MailAttachment[];
  /** Further header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** Sends mail: over SMTP when configured, otherwise as .eml files in an outbox folder. */
export interface Mailer {
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  /** Closes kept-open connections, if any; called when the server stops. */
  close?(): void;
}

/** A transport made on the first message: nodemailer is loaded then, not at start (decision 0059). */
function lazyTransport(options: SMTPTransport.Options | Record<string, unknown>): () => Promise<Transporter> {
  let made: Promise<Transporter> | undefined;
  return () => {
    made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return made;
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // The URL keeps all its own settings (query options such as ?tls.rejectUnauthorized=false);
  // these time-outs apply where it sets none. Mail is sent from background jobs, which must finish
  // well within their 120-second expiry. Up to ten connections are kept open and reused: a gift sends
  // two messages, and a connection per message cost more than the message.
  const transport = lazyTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 10,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  let opened = false;
  return {
    description: `SMTP (${new URL(smtpUrl).host})`,
    async send(message) {
      opened = true;
      await (await transport()).sendMail({ from, ...message });
    },
    close() {
      if (opened) void transport().then((t) => t.close());
    },
  };
}

/** The embedded default: each message becomes DATA_DIR/mail/<time>-<id>.eml and one log line. */
export function createOutboxMailer(dir: string, from: string, log: (line: string) => void = console.log): Mailer {
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox files in ${dir}`,
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...message });
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      log(`Mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
  };
}
