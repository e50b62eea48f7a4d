import { Check, EyeOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  MODERATION_STATUSES,
  MODERATION_STATUS_LABELS,
  type ModerationDecision,
  type ModerationStatus,
} from '@contract/moderation';
import { useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { StatusTabs } from '@/ui/status-tabs';
import { useRemovalFocus } from '@/ui/use-removal-focus';
import { useActionFeedback } from './use-action-feedback';

const isStatus = (value: string): value is ModerationStatus =>
  (MODERATION_STATUSES as readonly string[]).includes(value);

/** The status a moderation page shows, from its address (`?status=`); the queue when absent or unknown. */
export function useModerationStatus(): ModerationStatus {
  const asked = useUrlFilters().read('status');
  return isStatus(asked) ? asked : 'awaiting_review';
}

/** The status tabs of a moderation queue, awaiting review first. */
export function ModerationTabs({ label, path, status }: { label: string; path: string; status: ModerationStatus }) {
  return (
    <StatusTabs
      label={label}
      path={path}
      statuses={MODERATION_STATUSES}
      words={MODERATION_STATUS_LABELS}
      current={status}
    />
  );
}

/** What a decision that cannot simply be taken back asks first: the dialog's title and what happens. */
export type Question = { title: string; body: string; confirmLabel: string; busyLabel: string };

type Asking = { id: number | string; save: () => Promise<string>; failed: string; question: Question };

/**
 * One queue's decisions (moderation, failed jobs). One at a time: a press while a decision is saving does nothing.
 * A decision with a `question` (hiding) asks in a dialog first. The server's sentence is said in the
 * result. Once the decided item has left the list, focus goes to the next one's first button (or the
 * one before's, or the result, named by its sentence, when none is left), so it never falls to the page.
 */
export function useModerationDecisions(items: readonly { id: number | string }[], idPrefix: string) {
  const feedback = useActionFeedback();
  const ids = useMemo(() => items.map((i) => i.id), [items]);
  const focus = useRemovalFocus(ids, idPrefix, feedback.place);
  const [busyId, setBusyId] = useState<number | string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);

  /** Saves one decision; a refusal is said in the result and rethrown for a dialog to show too. */
  async function save(id: number | string, send: () => Promise<string>, failed: string) {
    focus.start(id);
    setBusyId(id);
    try {
      await feedback.run(send, failed);
    } catch (error) {
      // The item stays, and so does focus.
      focus.cancel();
      throw error;
    } finally {
      setBusyId(null);
    }
  }

  async function decide(id: number | string, send: () => Promise<string>, failed: string, question?: Question) {
    if (busyId !== null) return;
    if (question) {
      setAsking({ id, save: send, failed, question });
      return;
    }
    try {
      await save(id, send, failed);
      focus.done();
    } catch {
      // Said in the result.
    }
  }

  const result = (
    <>
      {feedback.view}
      {asking ? (
        <ConfirmDialog
          title={asking.question.title}
          isOpen
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          confirmLabel={asking.question.confirmLabel}
          busyLabel={asking.question.busyLabel}
          failed={asking.failed}
          onConfirm={async () => {
            await save(asking.id, asking.save, asking.failed);
            setAsking(null);
            focus.done();
          }}
        >
          <p>{asking.question.body}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
  return { busyId, decide, actionsId: focus.actionsId, result };
}

/** The decisions offered in each status: the one it is in would change nothing. */
const DECISIONS: Record<ModerationStatus, ModerationDecision[]> = {
  awaiting_review: ['approve', 'hide'],
  approved: ['hide'],
  hidden: ['approve'],
};

/**
 * An item's decision buttons. They say they are busy rather than disable themselves, so focus stays
 * on them; `names` are the buttons' full names, each starting with its visible word.
 */
export function DecisionButtons({
  id,
  status,
  busy,
  names,
  onDecide,
}: {
  id: string;
  status: ModerationStatus;
  busy: boolean;
  names: Record<ModerationDecision, string>;
  onDecide: (decision: ModerationDecision) => void;
}) {
  return (
    <div id={id} className="flex flex-wrap gap-3">
      {DECISIONS[status].map((decision) => (
        <Button
          key={decision}
          variant={decision === 'approve' ? 'primary' : 'secondary'}
          aria-disabled={busy || undefined}
          aria-label={names[decision]}
          onClick={() => onDecide(decision)}
        >
          {decision === 'approve' ? (
            <>
              <Check aria-hidden="true" className="size-5" />
              Approve
            </>
          ) : (
            <>
              <EyeOff aria-hidden="true" className="size-5" />
              Hide
            </>
          )}
        </Button>
      ))}
    </div>
  );
}
