import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SmsSender } from './sms';

/**
 * The embedded default: each message becomes DATA_DIR/sms/<time>-<id>.txt holding the number on
 * its first line and the text after a blank line, and one log line.
 */
export function createOutboxSms(dir: string, log: (line: string) => void = console.log): SmsSender {
  return {
    description: `outbox files in ${dir}`,
    async send(message) {
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`);
      fs.writeFileSync(file, `To: ${message.to}\n\n${message.text}\n`);
      log(`SMS to ${message.to} written to ${file}`);
    },
  };
}
