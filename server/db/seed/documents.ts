import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Storage } from '../../providers/storage/storage';
import { demoDocuments } from './demo-data';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Puts the demo sample documents into private storage (once), where the seeded profiles' keys
 * point. They live beside the code, not under the public demo images, so no address serves them.
 */
export async function installSeedDocuments(storage: Storage): Promise<void> {
  for (const doc of Object.values(demoDocuments)) {
    const present = await storage.read(doc.key, 10 * 1024 * 1024);
    if ('missing' in present) {
      await storage.write(doc.key, await fs.readFile(path.join(here, 'documents', doc.file)), 'application/pdf');
    }
  }
}
