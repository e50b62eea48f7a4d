import type { Manifest } from './manifest';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} bytes`;

/** What a backup holds, in lines for a person. */
export function describeBackup(manifest: Manifest): string[] {
  const uploads = manifest.files.filter((f) => f.path.startsWith('files/uploads/'));
  const uploadBytes = uploads.reduce((sum, f) => sum + f.bytes, 0);
  return [
    `Taken ${manifest.createdAt} from ${manifest.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'} (${manifest.engineVersion.split(' on ')[0]}), at migration ${manifest.migration.tag ?? 'none'}`,
    `Database: ${manifest.database.path}, ${size(manifest.database.bytes)}`,
    manifest.storage === 'local'
      ? `Uploaded files: ${uploads.length}, ${size(uploadBytes)}`
      : 'Uploaded files: kept in the S3 bucket (versioned), not in the backup',
    `Signing secret: ${manifest.signingSecret}`,
    ...manifest.notes,
  ];
}
