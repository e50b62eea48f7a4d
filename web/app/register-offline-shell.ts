/** The offline shell (decision 0046), registered once the page has loaded, never before its first paint. */
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void import('./offline-shell').then((shell) => shell.startOfflineShell());
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
