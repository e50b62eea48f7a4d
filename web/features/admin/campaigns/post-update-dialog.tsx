import { useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { campaignUpdatesKey, sendUpdate } from '@/lib/updates';
import { Button } from '@/ui/button';
import { ModalDialog } from '@/ui/dialog';
import { UpdateForm } from '@/ui/update-form';

/**
 * "Post an update" for one public campaign, in a dialog: an admin's update is signed by the team,
 * shown at once, and its donors are told. The dialog stays open to show the result, which takes
 * focus; closing it returns focus to the button.
 */
export function PostUpdateButton({ publicId, label }: { publicId: string; label: string }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Megaphone aria-hidden="true" className="size-5" />
        Post an update<span className="sr-only"> on {label}</span>
      </Button>
      {open ? (
        <ModalDialog title={`Post an update on ${label}`} isOpen onOpenChange={setOpen} size="lg" closeButton>
          <UpdateForm
            showHeading={false}
            onPost={async (draft) => {
              const reply = await sendUpdate(publicId, draft);
              await client.invalidateQueries({ queryKey: campaignUpdatesKey(publicId) });
              return reply.message;
            }}
          />
        </ModalDialog>
      ) : null}
    </>
  );
}
