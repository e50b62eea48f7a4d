/** Saves a blob the page already holds as `fileName`, as a link with `download` would. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, so the browser has started saving before the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
