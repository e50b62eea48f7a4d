import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { LinkSigner, type Storage } from './storage';

/** SIGNING_SECRET, or one made on first start and kept (owner-only) in DATA_DIR/signing-secret. */
export function signingSecretFor(config: Pick<Config, 'signingSecret' | 'dataDir'>): string {
  if (config.signingSecret) return config.signingSecret;
  const file = path.join(config.dataDir, 'signing-secret');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // not made yet
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * The storage configuration asks for: S3 when S3_BUCKET is set, otherwise DATA_DIR/uploads. The S3
 * client's modules are loaded only when S3 is asked for (decision 0059).
 */
export async function createStorage(config: Pick<Config, 's3' | 'dataDir'>, signer: LinkSigner): Promise<Storage> {
  if (config.s3) {
    const { createS3Storage } = await import('./s3');
    return createS3Storage(config.s3);
  }
  return createLocalStorage({ root: path.join(config.dataDir, 'uploads'), signer });
}

export { LinkSigner };
