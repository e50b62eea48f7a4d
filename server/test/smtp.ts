import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { to: string[]; raw: string; subject: string; text: string };

/** A real SMTP server on loopback that keeps what it receives. */
export async function startSmtpCatcher() {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Undo quoted-printable soft breaks and escapes well enough to read codes and links.
        const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          text: decoded,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to(address: string) {
      return messages.filter((m) => m.to.includes(address));
    },
    lastCode(address: string): string {
      const mail = messages.filter((m) => m.to.includes(address)).at(-1);
      const code = mail && /verification code: (\d{6})/.exec(mail.subject)?.[1];
      if (!code) throw new Error(`no verification code mailed to ${address}`);
      return code;
    },
    lastResetToken(address: string): string {
      const mail = messages.filter((m) => m.to.includes(address)).at(-1);
      const token = mail && /\/reset-password\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1];
      if (!token) throw new Error(`no reset link mailed to ${address}`);
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
