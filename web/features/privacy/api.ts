import type { GuestExport, PrivacyRequestKind } from '@contract/privacy';
import { apiRequest } from '@/lib/api';

type Message = { message: string };

export async function askForGuestLink(body: { email: string; kind: PrivacyRequestKind; turnstileToken?: string }) {
  return (await apiRequest<Message>('/privacy/requests', { method: 'POST', body: JSON.stringify(body) })).data;
}

export async function confirmAccountErasure(token: string) {
  return (await apiRequest<Message>('/account/erasure/confirm', { method: 'POST', body: JSON.stringify({ token }) }))
    .data;
}

export async function fetchGuestExport(token: string) {
  return (
    await apiRequest<GuestExport>('/privacy/requests/export', { method: 'POST', body: JSON.stringify({ token }) })
  ).data;
}

export async function eraseGuestGifts(token: string) {
  return (await apiRequest<Message>('/privacy/requests/erase', { method: 'POST', body: JSON.stringify({ token }) }))
    .data;
}

/** Saves what the server answered as a JSON file, as a link with `download` would. */
export function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Later, so the browser has started saving before the address is let go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
