let announceTimer: ReturnType<typeof setTimeout> | undefined;

/** Says something politely to screen readers through the layout's live region. */
export function announce(message: string): void {
  const region = document.getElementById('route-announcer');
  if (!region) return;
  clearTimeout(announceTimer);
  // Clearing first makes a repeated message be read again.
  region.textContent = '';
  announceTimer = setTimeout(() => {
    region.textContent = message;
  }, 250);
}
