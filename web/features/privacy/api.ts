import type { GuestExport, PrivacyRequestKind } from '@contract/privacy';
import { apiRequest } from '@/lib/api';
import { saveBlob } from '@/lib/save-file';

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
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}
