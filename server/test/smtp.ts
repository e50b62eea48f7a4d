import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string; subject: string; text: string; receivedAt: number };

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpCatcher(listenPort = 0) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Senders keep connections open for reuse; on close, drop them after half a second.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Undo quoted-printable soft breaks and escapes well enough to read codes and links.
        const decoded = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: decoded,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: that ends its session, not the catcher.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to(address: string) {
      return messages.filter((m) => m.to.includes(address));
    },
    /** Waits (mail is sent from the job queue) until a mail to `address` matches, and answers it. */
    async waitFor(
      address: string,
      matches: (mail: CapturedMail) => boolean = () => true,
      { after = 0, timeoutMs = 15_000 }: { after?: number; timeoutMs?: number } = {},
    ): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = messages
          .slice(after)
          .filter((m) => m.to.includes(address) && matches(m))
          .at(-1);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no matching mail to ${address} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** How many messages have arrived so far: pass it as `after` to wait for a newer one. */
    mark: () => messages.length,
    /** The newest verification code mailed to `address` (other than `not`), waiting for it to arrive. */
    async lastCode(address: string, not?: string, after = 0): Promise<string> {
      const code = (m: CapturedMail) => /verification code: (\d{6})/.exec(m.subject)?.[1];
      const mail = await this.waitFor(address, (m) => Boolean(code(m)) && code(m) !== not, { after });
      return code(mail)!;
    },
    /** The newest reset token mailed to `address` after message number `after`, waiting for it to arrive. */
    async lastResetToken(address: string, after = 0): Promise<string> {
      const token = (m: CapturedMail) => /\/reset-password\/([A-Za-z0-9_-]{20,})/.exec(m.text)?.[1];
      const mail = await this.waitFor(address, (m) => Boolean(token(m)), { after });
      return token(mail)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
