import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret in the voice callback's address (docs/decisions/0067): VOICE_CALLBACK_KEY when set
 * (several instances share it), otherwise one made once and kept in DATA_DIR so a developer's
 * curl line keeps working across restarts.
 */
export function voiceCallbackKey(configured: string | undefined, dataDir: string): { key: string; made: boolean } {
  if (configured) return { key: configured, made: false };
  const file = path.join(dataDir, 'voice-callback-key');
  try {
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (kept.length >= 24) return { key: kept, made: false };
  } catch {
    // None kept yet: make one below.
  }
  const key = randomBytes(24).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, made: true };
}

/** Whether `given` is the key, in time that does not depend on where they differ. */
export function isCallbackKey(given: unknown, key: string): boolean {
  if (typeof given !== 'string') return false;
  // Hashing first makes both sides the same length, so the comparison itself leaks nothing.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}
