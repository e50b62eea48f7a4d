import { CheckCircle2, Film, Pencil, ShieldCheck, Star, StarOff, Truck, Undo2, XCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  REJECT_NOTES_REQUIRED,
  reasonEditSchema,
  videoSchema,
  type AdminOrganizationCampaign,
  type AdminRecipientCampaign,
} from '@contract/admin';
import { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { Button } from '@/ui/button';
import { ConfirmDialog, PromptDialog } from '@/ui/confirm-dialog';
import { StatusBadge, type Tone } from '@/ui/status-badge';
import { useAdminCall, type AdminCall } from './api';

const STATUS: Record<string, [string, Tone]> = {
  pending: ['Pending', 'warning'],
  approved: ['Approved', 'info'],
  rejected: ['Rejected', 'danger'],
  purchased: ['Purchased', 'success'],
  delivered: ['Delivered', 'success'],
  partially_fulfilled: ['Partially Funded', 'info'],
  fulfilled: ['Fully Funded', 'success'],
};

export function CampaignStatusBadge({ status, featured = false }: { status: string; featured?: boolean }) {
  const [word, tone] = STATUS[status] ?? [status, 'neutral'];
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <StatusBadge tone={tone}>{word}</StatusBadge>
      {featured ? (
        <StatusBadge tone="success" icon={Star}>
          Featured
        </StatusBadge>
      ) : null}
    </span>
  );
}

/** Role names containing 'admin' stand out by a badge with a word and an icon, never by colour alone. */
export function RoleBadge({ role }: { role: string }) {
  return role.toLowerCase().includes('admin') ? (
    <StatusBadge tone="info" icon={ShieldCheck}>
      {role}
    </StatusBadge>
  ) : (
    <span>{role}</span>
  );
}

/** 'processing_pickup' as 'Processing pickup'. */
export const deliveryWords = (status: string | null) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ') : 'Not yet';

export const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });
export const recipientName = (c: AdminRecipientCampaign) => `${c.recipient.first_name} ${c.recipient.last_name}`.trim();

type Said = { text: string; ok: boolean; key: number };

/**
 * Feedback for admin actions: the server's sentence in a banner that is announced (status for a
 * success, alert for a refusal), and focus kept where the admin was. When the element that started
 * the action has left the page (the campaign moved to another list), focus goes to the banner
 * instead of falling to the page body.
 */
export function useActionFeedback() {
  const call = useAdminCall();
  const banner = useRef<HTMLDivElement>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const settle = useCallback(() => {
    // After the dialog has closed and given focus back, and after the lists were redrawn.
    window.setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) banner.current?.focus();
    }, 120);
  }, []);
  useEffect(() => {
    if (said) settle();
  }, [said, settle]);
  /**
   * Runs an admin call (or any task that answers the server's sentence); a refusal rejects (for a
   * dialog to show) and is also said in the banner.
   */
  const run = useCallback(
    async (what: AdminCall | (() => Promise<string>), failed: string) => {
      try {
        const text = typeof what === 'function' ? await what() : await call(what);
        setSaid({ text, ok: true, key: Date.now() });
      } catch (error) {
        setSaid({ text: errorMessage(error, { noMessage: failed }), ok: false, key: Date.now() });
        throw error;
      }
    },
    [call],
  );
  const view = (
    <div
      ref={banner}
      tabIndex={-1}
      className="mb-6 outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
    >
      <div role="status" aria-live="polite">
        {said?.ok ? (
          <p
            key={said.key}
            className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 font-medium text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
          >
            {said.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {said && !said.ok ? (
          <p
            key={said.key}
            className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
          >
            {said.text}
          </p>
        ) : null}
      </div>
    </div>
  );
  return { run, view };
}

export type Run = ReturnType<typeof useActionFeedback>['run'];

const rejectRule = z
  .string()
  .trim()
  .min(1, REJECT_NOTES_REQUIRED)
  .max(2000, 'Please keep the notes under 2,000 characters.');
const reasonRule = reasonEditSchema.shape.reason as unknown as z.ZodType<string, string>;
const videoRule = videoSchema.shape.videoUrl as unknown as z.ZodType<string, string>;

const REJECT_FAILED = 'Failed to reject the campaign.';

/** The reason for a rejection, required (spec 5), which the owner reads as Admin Feedback. */
function RejectDialog({
  id,
  owner,
  onOpenChange,
  onReject,
  children,
}: {
  id: number;
  owner: 'recipient' | 'organization';
  onOpenChange: (open: boolean) => void;
  onReject: (notes: string) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <PromptDialog
      title={`Reject campaign #${id}`}
      isOpen
      onOpenChange={onOpenChange}
      name="adminNotes"
      label="Reason for rejection"
      hint={`The ${owner} sees this as Admin Feedback.`}
      placeholder="Provide a clear reason for rejection..."
      rows={4}
      rule={rejectRule}
      confirmLabel="Reject Campaign"
      busyLabel="Rejecting..."
      variant="danger"
      failed={REJECT_FAILED}
      onSubmit={onReject}
    >
      <p>{children}</p>
    </PromptDialog>
  );
}

type Open = null | 'reject' | 'reason' | 'video' | 'back' | 'delivered' | 'approve-org';

/** A visible verb and, for screen readers, which campaign it acts on. */
function Verb({ children, about }: { children: ReactNode; about: string }) {
  return (
    <>
      {children}
      <span className="sr-only"> {about}</span>
    </>
  );
}

const ignore = () => undefined;

/**
 * The actions the transition table allows for a recipient campaign now (the server lists them in
 * `actions`). Rejecting asks for the reason; moving back to pending and marking delivered ask first.
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
  if (campaign.actions.length === 0) return <span className="text-gray-700 dark:text-gray-300">No actions</span>;
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
      {open === 'delivered' ? (
        <ConfirmDialog
          title="Mark as delivered?"
          isOpen
          onOpenChange={close}
          confirmLabel="Mark Delivered"
          busyLabel="Saving..."
          failed="Failed to mark the campaign delivered."
          onConfirm={async () => {
            await run({ kind: 'delivered', id: campaign.id }, 'Failed to mark the campaign delivered.');
            setOpen(null);
          }}
        >
          <p>
            Confirm that {recipientName(campaign)} has collected the {campaign.product_name}. This cannot be undone, and
            the recipient is told.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Approve (asked first: it cannot be undone) or reject with a required reason, for a pending organization request. */
export function OrganizationActions({ campaign, run }: { campaign: AdminOrganizationCampaign; run: Run }) {
  const [open, setOpen] = useState<Open>(null);
  const about = `campaign #${campaign.id}, ${campaign.quantity} ${campaign.product_name} for ${campaign.organization.organization_name}`;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  if (!campaign.actions.includes('approve') && !campaign.actions.includes('reject')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.actions.includes('approve') ? (
        <Button onClick={() => setOpen('approve-org')}>
          <CheckCircle2 aria-hidden="true" className="size-5" />
          <Verb about={about}>Approve</Verb>
        </Button>
      ) : null}
      {campaign.actions.includes('reject') ? (
        <Button variant="danger" onClick={() => setOpen('reject')}>
          <XCircle aria-hidden="true" className="size-5" />
          <Verb about={about}>Reject</Verb>
        </Button>
      ) : null}
      {open === 'approve-org' ? (
        <ConfirmDialog
          title={`Approve campaign #${campaign.id}?`}
          isOpen
          onOpenChange={close}
          confirmLabel="Approve"
          busyLabel="Approving..."
          failed="Failed to approve the campaign."
          onConfirm={async () => {
            await run({ kind: 'org-status', id: campaign.id, status: 'approved' }, 'Failed to approve the campaign.');
            setOpen(null);
          }}
        >
          <p>
            {campaign.organization.organization_name}'s request for {campaign.quantity} {campaign.product_name} goes
            live for donors, and the organization is told.
          </p>
        </ConfirmDialog>
      ) : null}
      {open === 'reject' ? (
        <RejectDialog
          id={campaign.id}
          owner="organization"
          onOpenChange={close}
          onReject={async (notes) => {
            await run({ kind: 'org-status', id: campaign.id, status: 'rejected', adminNotes: notes }, REJECT_FAILED);
            setOpen(null);
          }}
        >
          {campaign.quantity} {campaign.product_name} for {campaign.organization.organization_name}.
        </RejectDialog>
      ) : null}
    </div>
  );
}
