import { useQueryClient } from '@tanstack/react-query';
import { campaignUpdatesKey, sendUpdate } from '@/lib/updates';
import { UpdateForm } from '@/ui/update-form';
import type { RequesterKind } from './area';

/**
 * "Post an update" on the owner's campaign card: the whole form for an organization, a short,
 * words-only one for a recipient, whose update is shown once our team has read it.
 */
export function PostUpdate({ kind, campaignId }: { kind: RequesterKind; campaignId: string }) {
  const queryClient = useQueryClient();
  return (
    <UpdateForm
      short={kind === 'recipient'}
      headingLevel={3}
      onPost={async (draft) => {
        const reply = await sendUpdate(campaignId, draft);
        await queryClient.invalidateQueries({ queryKey: campaignUpdatesKey(campaignId) });
        return reply.message;
      }}
    />
  );
}
