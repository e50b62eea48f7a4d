import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { NOTICE_TEMPLATE, noticeBody, type WhatsAppSender } from './whatsapp';

/**
 * The embedded default: each message becomes DATA_DIR/whatsapp/<time>-<id>.txt holding the number,
 * the template, and after a blank line the message as the person would read it; and one log line.
 */
export function createOutboxWhatsApp(dir: string, log: (line: string) => void = console.log): WhatsAppSender {
  return {
    description: `outbox files in ${dir}`,
    async send(message) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      fs.writeFileSync(
        file,
        `To: ${message.to}\nTemplate: ${NOTICE_TEMPLATE.name} (${NOTICE_TEMPLATE.language})\n\n${noticeBody(message.text)}\n`,
      );
      log(`WhatsApp message to ${message.to} written to ${file}`);
      // No provider, so no id: nothing will report on it later.
      return undefined;
    },
  };
}
