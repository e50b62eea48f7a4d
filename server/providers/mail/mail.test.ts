import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './mail';

describe('outbox mailer', () => {
  it('writes each message as an .eml file with plain-text and HTML parts and logs one line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-outbox-'));
    const lines: string[] = [];
    const mailer = createOutboxMailer(dir, 'Gift of Independence <no-reply@example.org>', (l) => lines.push(l));
    await mailer.send({ to: 'ada@example.org', subject: 'Hello', text: 'Plain words', html: '<p>Plain words</p>' });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: ada@example.org$/m);
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ada@example.org');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('carries an attachment in the .eml file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-outbox-'));
    const mailer = createOutboxMailer(dir, 'Gift of Independence <no-reply@example.org>', () => undefined);
    const content = Buffer.from('%PDF-1.7 a receipt');
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Your receipt',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachments: [{ filename: 'receipt.pdf', content, contentType: 'application/pdf' }],
    });
    const [file] = fs.readdirSync(dir);
    const eml = fs.readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toMatch(/Content-Type: application\/pdf; name=receipt\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=receipt\.pdf/);
    expect(eml).toContain(content.toString('base64'));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
