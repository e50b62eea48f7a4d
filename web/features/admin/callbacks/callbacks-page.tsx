import { PhoneCall } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { CALLBACK_NOTE_MAX, CALLBACK_NOTE_REQUIRED, type CallbackRequest } from '@contract/voice';
import { z } from 'zod';
import { Button } from '@/ui/button';
import { PromptDialog } from '@/ui/confirm-dialog';
import { Page } from '@/ui/page';
import { PagedList } from '@/ui/paged-list';
import { dateFormat } from '../shared/admin-format';
import { useActionFeedback } from '../shared/use-action-feedback';
import { useCallbacks, useMarkCallbackDone } from './callbacks-api';

const noteRule = z
  .string()
  .trim()
  .min(1, CALLBACK_NOTE_REQUIRED)
  .max(CALLBACK_NOTE_MAX, `Please keep the note under ${CALLBACK_NOTE_MAX.toLocaleString('en-NG')} characters.`);
const FAILED = 'Could not mark the call back done.';

/** What the caller pressed last, in the voice menu's words (docs/decisions/0067). */
const KEY_WORDS: Record<string, string> = {
  '1': "1, their request's status",
  '2': '2, their collection',
  '3': '3, the latest update and delivery',
  '9': '9, the menu again',
};

function Item({ item, onDone }: { item: CallbackRequest; onDone: (item: CallbackRequest) => void }) {
  const who = item.person ? `${item.person.name} (${item.person.role})` : 'Not an account we know';
  return (
    <li className="space-y-3 rounded-xl border border-gray-300 bg-white p-4 dark:border-gray-700 dark:bg-gray-900">
      <h2 aria-label={`${item.phoneNumber}, ${item.doneAt ? 'done' : 'open'}`} className="text-xl font-bold">
        {item.phoneNumber}
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-gray-800 sm:grid-cols-[max-content_1fr] dark:text-gray-200">
        <dt className="font-semibold">Person</dt>
        <dd className="break-words">{who}</dd>
        <dt className="font-semibold">Asked</dt>
        <dd>
          <time dateTime={item.requestedAt}>{dateFormat.format(new Date(item.requestedAt))}</time>
        </dd>
        <dt className="font-semibold">Pressed last</dt>
        <dd>{item.lastKey ? (KEY_WORDS[item.lastKey] ?? item.lastKey) : 'Nothing before asking'}</dd>
        {item.doneAt ? (
          <>
            <dt className="font-semibold">Done</dt>
            <dd>
              <time dateTime={item.doneAt}>{dateFormat.format(new Date(item.doneAt))}</time>
              {item.doneBy ? ` by ${item.doneBy}` : ''}
            </dd>
            <dt className="font-semibold">Note</dt>
            <dd className="break-words whitespace-pre-line">{item.note}</dd>
          </>
        ) : null}
      </dl>
      {item.doneAt ? null : (
        <Button
          id={`callback-${item.id}-done`}
          variant="secondary"
          aria-label={`Mark done: call back to ${item.phoneNumber}`}
          onClick={() => onDone(item)}
        >
          <PhoneCall aria-hidden="true" className="size-5" />
          Mark done
        </Button>
      )}
    </li>
  );
}

/**
 * /admin/callbacks: people who pressed 0 on the voice line to be called back, open ones first
 * (oldest first), then the done ones. Marking one done asks for a note, and the person is told by SMS.
 */
export default function CallbacksPage() {
  const query = useCallbacks();
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total;
  const open = items.filter((i) => !i.doneAt).length;
  const listRef = useRef<HTMLOListElement>(null);
  const markDone = useMarkCallbackDone();
  const feedback = useActionFeedback();
  const [closing, setClosing] = useState<CallbackRequest | null>(null);

  return (
    <Page
      title="Call backs"
      wide
      intro={
        <p>
          People who called our voice line and pressed 0 to be called back. Call them, then mark the call back done with
          a note. We tell them by text message.
        </p>
      }
    >
      {feedback.view}
      <p className="mb-3 text-gray-800 dark:text-gray-200">
        {total === undefined ? '' : `${total} ${total === 1 ? 'call back' : 'call backs'}, ${open} open on this page.`}
      </p>
      <PagedList
        query={query}
        failed="Could not fetch the call backs."
        empty="Nobody has asked for a call back yet."
        isEmpty={items.length === 0}
        paging={{
          kind: 'more',
          listRef,
          count: items.length,
          noun: 'call backs',
          hasMore: query.hasNextPage,
          loading: query.isFetchingNextPage,
          onMore: () => void query.fetchNextPage(),
        }}
      >
        <ol ref={listRef} aria-label="Call backs, open ones first" className="space-y-4">
          {items.map((item) => (
            <Item key={item.id} item={item} onDone={setClosing} />
          ))}
        </ol>
      </PagedList>
      {closing ? (
        <PromptDialog
          title={`Mark the call back to ${closing.phoneNumber} done?`}
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setClosing(null);
          }}
          name="note"
          label="Note"
          hint="What you talked about, or why the call did not happen. Admins read it later."
          rows={4}
          rule={noteRule}
          confirmLabel="Mark done"
          busyLabel="Saving..."
          failed={FAILED}
          onSubmit={async (note) => {
            await feedback.run(() => markDone(closing.id, note), FAILED);
            setClosing(null);
          }}
        >
          The person is told by text message that their call back is done.
        </PromptDialog>
      ) : null}
    </Page>
  );
}
