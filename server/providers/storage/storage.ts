/** Where uploaded files and the shipped demo images live, and how browsers reach them. */
export interface Storage {
  /** Address a browser uses to load the object; null for a missing key. */
  publicUrl(key: string | null | undefined): string | null;
}

/**
 * Local-disk storage: keys under 'seed/' are the demo images shipped in the repository,
 * everything else lives under DATA_DIR/uploads. Both are served under /media/.
 */
export function createLocalStorage(): Storage {
  return {
    publicUrl(key) {
      if (!key) return null;
      if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
      return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
    },
  };
}
