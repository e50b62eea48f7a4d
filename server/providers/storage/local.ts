import fs from 'node:fs/promises';
import path from 'node:path';
import { storedKeysOf } from './image-keys';
import { isValidKey, LinkSigner, publicUrlOf, type ReadResult, type Storage, UPLOAD_PATH } from './storage';

/**
 * Local-disk storage, the embedded default: keys under 'seed/' are the demo images shipped in the
 * repository, everything else lives under `root` (DATA_DIR/uploads). Upload addresses point at this
 * server and are signed with the server secret.
 */
export function createLocalStorage(options: {
  root: string;
  signer: LinkSigner;
}): Storage & { fileOf(key: string): string } {
  const { root, signer } = options;
  const fileOf = (key: string) => {
    if (!isValidKey(key) || key.startsWith('seed/')) throw new Error(`not a storage key: ${key}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`not a storage key: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    description: `local disk (${root})`,
    fileOf,
    publicUrl: publicUrlOf,
    async uploadUrl({ key, contentType, maxBytes, expiresInSeconds }) {
      fileOf(key);
      return signer.sign(UPLOAD_PATH, { key, type: contentType, max: String(maxBytes) }, expiresInSeconds);
    },
    async read(key, maxBytes): Promise<ReadResult> {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return { missing: true };
      if (stat.size > maxBytes) return { tooLarge: true, size: stat.size };
      return { bytes: await fs.readFile(file) };
    },
    async write(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temp = `${file}.${process.pid}.${Date.now()}.part`;
      await fs.writeFile(temp, body);
      await fs.rename(temp, file);
    },
    async remove(key) {
      // An image kept in several sizes goes with all of them.
      for (const each of storedKeysOf(key)) await fs.rm(fileOf(each), { force: true });
    },
  };
}
