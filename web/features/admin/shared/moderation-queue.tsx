import { Check, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  MODERATION_STATUSES,
  MODERATION_STATUS_LABELS,
  type ModerationDecision,
  type ModerationStatus,
} from '@contract/moderation';
import { useUrlFilters } from '@/lib/url-filters';
import { Button } from '@/ui/button';
import { StatusTabs } from '@/ui/status-tabs';
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

/**
 * One queue's decisions (moderation, failed jobs). One at a time: a press while a decision is saving does nothing.
 * The server's sentence is said in the result. Once the decided item has left the list, focus goes
 * to the next one's first button (or the one before, or the result when none is left), so it never
 * falls to the page.
 */
export function useModerationDecisions(items: readonly { id: number | string }[], idPrefix: string) {
  const feedback = useActionFeedback();
  const resultRef = useRef<HTMLDivElement>(null);
  const deciding = useRef<{ id: number | string; next: number | string | null } | null>(null);
  const [busyId, setBusyId] = useState<number | string | null>(null);
  const actionsId = (id: number | string) => `${idPrefix}-${id}-actions`;

  useEffect(() => {
    const decided = deciding.current;
    if (!decided || items.some((i) => i.id === decided.id)) return;
    deciding.current = null;
    const next = decided.next !== null && items.some((i) => i.id === decided.next) ? decided.next : null;
    const button =
      next === null ? null : document.getElementById(`${idPrefix}-${next}-actions`)?.querySelector('button');
    (button ?? resultRef.current)?.focus();
  }, [items, idPrefix]);

  async function decide(id: number | string, save: () => Promise<string>, failed: string) {
    if (busyId !== null) return;
    const index = items.findIndex((i) => i.id === id);
    deciding.current = { id, next: (items[index + 1] ?? items[index - 1])?.id ?? null };
    setBusyId(id);
    try {
      await feedback.run(save, failed);
    } catch {
      // Said in the result; the item stays, and so does focus.
      deciding.current = null;
    } finally {
      setBusyId(null);
    }
  }

  const result = (
    <div
      ref={resultRef}
      tabIndex={-1}
      className="outline-none focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:focus-visible:outline-orange-300"
    >
      {feedback.view}
    </div>
  );
  return { busyId, decide, actionsId, result };
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
