import { infiniteQueryOptions } from '@tanstack/react-query';
import type { PostUpdateReply, UpdatesPage } from '@contract/updates';
import { apiGet, apiRequest } from './api';

/** What the "Post an update" form gives: words, and for an organization or admin a photo and a video link. */
export type UpdateDraft = { body: string; photo?: File | null; alt?: string; videoUrl?: string };

/** The query key of a campaign's public updates, refreshed after a post so the writer sees it at once. */
export const campaignUpdatesKey = (campaignId: string) => ['campaign-updates', campaignId] as const;

/** A campaign's public updates, newest first, a page at a time. */
export const campaignUpdatesQuery = (campaignId: string) =>
  infiniteQueryOptions({
    queryKey: campaignUpdatesKey(campaignId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      apiGet<UpdatesPage>(
        `/campaigns/${encodeURIComponent(campaignId)}/updates${pageParam ? `?before=${pageParam}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

/** Sends the photo first (it is checked and re-encoded when the update names it), then the update. */
export async function sendUpdate(campaignId: string, draft: UpdateDraft): Promise<PostUpdateReply> {
  // The upload code (and zod with it) arrives with a photo: the public campaign page, which only reads
  // updates through `campaignUpdatesKey`, downloads none of it (decision 0050).
  const uploadFile = draft.photo instanceof File ? (await import('./uploads')).uploadFile : undefined;
  const photos =
    uploadFile && draft.photo instanceof File
      ? [{ key: await uploadFile(draft.photo, 'updatePhoto', () => undefined), alt: draft.alt ?? '' }]
      : undefined;
  const { data } = await apiRequest<PostUpdateReply>(`/campaigns/${encodeURIComponent(campaignId)}/updates`, {
    method: 'POST',
    body: JSON.stringify({ body: draft.body, videoUrl: draft.videoUrl, photos }),
  });
  return data;
}
