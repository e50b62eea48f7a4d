import { CheckCircle2, Film, PackageCheck, Pencil, Star, StarOff, Truck, Undo2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { reasonEditSchema, type AdminRecipientCampaign } from '@contract/admin';
import { videoSchema } from '@contract/video';
import { z } from 'zod';
import { Button } from '@/ui/button';
import { ConfirmDialog, PromptDialog } from '@/ui/confirm-dialog';
import { Verb } from '../shared/action-verb';
import { recipientName } from '../shared/admin-format';
import type { AdminCall } from '../shared/admin-api';
import { DonationsButton } from './donations-dialog';
import { PostUpdateButton } from './post-update-dialog';
import { REJECT_FAILED, RejectDialog } from './reject-dialog';
import type { Run } from '../shared/use-action-feedback';

const reasonRule = reasonEditSchema.shape.reason as unknown as z.ZodType<string, string>;
const videoRule = videoSchema.shape.videoUrl as unknown as z.ZodType<string, string>;

type Open = null | 'reject' | 'reason' | 'video' | 'back' | 'ready_for_pickup' | 'delivered';

/** The two delivery steps an admin confirms: what the dialog asks and says. */
const deliverySteps = {
  ready_for_pickup: {
    title: 'Mark as ready for pickup?',
    confirm: 'Mark Ready for Pickup',
    failed: 'Failed to mark the campaign ready for pickup.',
    says: (product: string, name: string) =>
      `The ${product} is waiting at the collection centre in Lagos. ${name} is told to collect it with the original ID.`,
  },
  delivered: {
    title: 'Mark as delivered?',
    confirm: 'Mark Delivered',
    failed: 'Failed to mark the campaign delivered.',
    says: (product: string, name: string) =>
      `Confirm that ${name} has collected the ${product}. This cannot be undone, and the recipient is told.`,
  },
} as const;

const ignore = () => undefined;

/**
 * The actions the transition table allows for a recipient campaign now (the server lists them in
 * `actions`). Rejecting asks for the reason; moving back to pending, marking ready for pickup and
 * marking delivered ask first. A public campaign (one with a page) also takes an update from the team,
 * and shows its donations.
 */
export function RecipientActions({
  campaign,
  run,
  stacked = false,
}: {
  campaign: AdminRecipientCampaign;
  run: Run;
  stacked?: boolean;
}) {
  const [open, setOpen] = useState<Open>(null);
  const about = `campaign #${campaign.id}, ${campaign.product_name} for ${recipientName(campaign)}`;
  const allows = (a: AdminRecipientCampaign['actions'][number]) => campaign.actions.includes(a);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  // One call at a time from this row: a second press while one runs does nothing.
  const [busy, setBusy] = useState(false);
  const direct = (what: AdminCall, failed: string) => () => {
    if (busy) return;
    setBusy(true);
    void run(what, failed)
      .catch(ignore)
      .finally(() => setBusy(false));
  };
  const busyProps = {
    'aria-disabled': busy || undefined,
    className: 'aria-disabled:cursor-wait aria-disabled:opacity-70',
  };
  if (campaign.actions.length === 0 && !campaign.public_id)
    return <span className="text-gray-700 dark:text-gray-300">No actions</span>;
  return (
    <div className={stacked ? 'flex flex-col items-stretch gap-2' : 'flex flex-wrap gap-2'}>
      {allows('approve') ? (
        <Button
          {...busyProps}
          onClick={direct({ kind: 'status', id: campaign.id, status: 'approved' }, 'Failed to approve the campaign.')}
        >
          <CheckCircle2 aria-hidden="true" className="size-5" />
          <Verb about={about}>Approve</Verb>
        </Button>
      ) : null}
      {allows('reject') ? (
        <Button variant="danger" onClick={() => setOpen('reject')}>
          <XCircle aria-hidden="true" className="size-5" />
          <Verb about={about}>Reject</Verb>
        </Button>
      ) : null}
      {allows('feature') ? (
        <Button
          variant="secondary"
          {...busyProps}
          onClick={direct({ kind: 'feature', id: campaign.id }, 'Failed to feature the campaign.')}
        >
          <Star aria-hidden="true" className="size-5" />
          <Verb about={about}>Feature</Verb>
        </Button>
      ) : null}
      {allows('unfeature') ? (
        <Button
          variant="secondary"
          {...busyProps}
          onClick={direct({ kind: 'unfeature', id: campaign.id }, 'Failed to unfeature the campaign.')}
        >
          <StarOff aria-hidden="true" className="size-5" />
          <Verb about={about}>Unfeature</Verb>
        </Button>
      ) : null}
      {allows('backToPending') ? (
        <Button variant="secondary" onClick={() => setOpen('back')}>
          <Undo2 aria-hidden="true" className="size-5" />
          <Verb about={about}>Back to Pending</Verb>
        </Button>
      ) : null}
      {allows('editReason') ? (
        <Button variant="secondary" onClick={() => setOpen('reason')}>
          <Pencil aria-hidden="true" className="size-5" />
          <Verb about={about}>Edit Reason</Verb>
        </Button>
      ) : null}
      {allows('markReadyForPickup') ? (
        <Button onClick={() => setOpen('ready_for_pickup')}>
          <PackageCheck aria-hidden="true" className="size-5" />
          <Verb about={about}>Mark Ready for Pickup</Verb>
        </Button>
      ) : null}
      {allows('markDelivered') ? (
        <Button onClick={() => setOpen('delivered')}>
          <Truck aria-hidden="true" className="size-5" />
          <Verb about={about}>Mark Delivered</Verb>
        </Button>
      ) : null}
      {allows('addVideo') ? (
        <Button variant="secondary" onClick={() => setOpen('video')}>
          <Film aria-hidden="true" className="size-5" />
          <Verb about={about}>{campaign.appreciation_video_url ? 'Change Video' : 'Add Video'}</Verb>
        </Button>
      ) : null}
      {campaign.public_id ? (
        <>
          <PostUpdateButton publicId={campaign.public_id} label={`campaign #${campaign.id}`} />
          <DonationsButton kind="recipient" campaignId={campaign.id} />
        </>
      ) : null}

      {open === 'reject' ? (
        <RejectDialog
          id={campaign.id}
          owner="recipient"
          onOpenChange={close}
          onReject={async (notes) => {
            await run({ kind: 'status', id: campaign.id, status: 'rejected', adminNotes: notes }, REJECT_FAILED);
            setOpen(null);
          }}
        >
          {campaign.product_name} for {recipientName(campaign)}.
        </RejectDialog>
      ) : null}
      {open === 'reason' ? (
        <PromptDialog
          title={`Edit the reason of campaign #${campaign.id}`}
          isOpen
          onOpenChange={close}
          name="reason"
          label="Reason"
          hint="Donors read this on the campaign page. At least 20 characters."
          rows={6}
          initial={campaign.reason}
          rule={reasonRule}
          confirmLabel="Save Reason"
          busyLabel="Saving..."
          failed="Failed to update reason."
          onSubmit={async (reason) => {
            await run(
              { kind: 'reason', id: campaign.id, reason, previousReason: campaign.reason },
              'Failed to update reason.',
            );
            setOpen(null);
          }}
        />
      ) : null}
      {open === 'video' ? (
        <PromptDialog
          title={`Thank-you video for campaign #${campaign.id}`}
          isOpen
          onOpenChange={close}
          name="videoUrl"
          label="Video address"
          hint="A YouTube or Vimeo link, starting with https://. The campaign's donors are told."
          type="url"
          initial={campaign.appreciation_video_url ?? ''}
          rule={videoRule}
          confirmLabel="Save Video"
          busyLabel="Saving..."
          failed="Failed to add the video."
          onSubmit={async (videoUrl) => {
            await run({ kind: 'video', id: campaign.id, videoUrl }, 'Failed to add the video.');
            setOpen(null);
          }}
        />
      ) : null}
      {open === 'back' ? (
        <ConfirmDialog
          title="Move back to pending?"
          isOpen
          onOpenChange={close}
          confirmLabel="Move to Pending"
          busyLabel="Moving..."
          failed="Failed to move the campaign."
          onConfirm={async () => {
            await run({ kind: 'status', id: campaign.id, status: 'pending' }, 'Failed to move the campaign.');
            setOpen(null);
          }}
        >
          <p>
            Campaign #{campaign.id} ({campaign.product_name} for {recipientName(campaign)}) leaves the public site until
            it is approved again. The recipient is told.
          </p>
        </ConfirmDialog>
      ) : null}
      {open === 'ready_for_pickup' || open === 'delivered' ? (
        <ConfirmDialog
          title={deliverySteps[open].title}
          isOpen
          onOpenChange={close}
          confirmLabel={deliverySteps[open].confirm}
          busyLabel="Saving..."
          failed={deliverySteps[open].failed}
          onConfirm={async () => {
            await run({ kind: 'delivery', id: campaign.id, deliveryStatus: open }, deliverySteps[open].failed);
            setOpen(null);
          }}
        >
          <p>{deliverySteps[open].says(campaign.product_name, recipientName(campaign))}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
