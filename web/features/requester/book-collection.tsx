import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { z } from 'zod';
import {
  SLOT_CHOICE_REQUIRED,
  collectionReplySchema,
  collectionStateSchema,
  lagosWhen,
  placesLeftWords,
  type CollectionState,
} from '@contract/collections';
import { apiAct, apiGet, errorMessage, retryUnlessRefused } from '@/lib/api';
import { Button } from '@/ui/button';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { RadioGroup } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';

const stateKey = (campaignId: string) => ['collection', campaignId] as const;
const choice = z.object({ slotId: z.string({ error: SLOT_CHOICE_REQUIRED }).min(1, SLOT_CHOICE_REQUIRED) });

function ChooseTime({
  campaignId,
  state,
  moving,
  onDone,
}: {
  campaignId: string;
  state: CollectionState;
  moving: boolean;
  onDone: (message: string) => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(choice, { defaultValues: { slotId: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  if (state.slots.length === 0)
    return (
      <p className="text-lg">
        No collection times are open just now. Please check again soon, or call {state.booking?.helpLine ?? 'us'}.
      </p>
    );
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        setAlert(null);
        try {
          const { data } = await apiAct<unknown>(`/campaigns/${encodeURIComponent(campaignId)}/collection`, {
            method: 'POST',
            body: JSON.stringify({ slotId: Number(values.slotId) }),
          });
          const reply = collectionReplySchema.parse(data);
          client.setQueryData(stateKey(campaignId), reply);
          onDone(reply.message);
        } catch (error) {
          await client.invalidateQueries({ queryKey: stateKey(campaignId) });
          if (!helpers.showServerErrors(error))
            setAlert(errorMessage(error, { noMessage: 'Failed to book the collection.' }));
        }
      }}
    >
      <RadioGroup
        name="slotId"
        legend={moving ? 'Choose a new time' : 'Choose a time'}
        hint="At the collection centre in Lagos. Times are Lagos time."
        options={state.slots.map((s) => ({
          value: String(s.id),
          label: lagosWhen(s.startsAt),
          description: placesLeftWords(s.placesLeft),
        }))}
      />
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <Button type="submit">{moving ? 'Move my collection' : 'Book'}</Button>
    </Form>
  );
}

/**
 * "Book your collection" on the owner's card once the device is ready for pickup: the open times
 * as a radio group, then the booking (when, where, what to bring) with one move allowed. A member
 * whose role books nothing (`canBook` false) reads the booking, or that none is made yet.
 */
export function BookCollection({ campaignId, canBook = true }: { campaignId: string; canBook?: boolean }) {
  const state = useQuery({
    queryKey: stateKey(campaignId),
    queryFn: async () =>
      collectionStateSchema.parse(await apiGet<unknown>(`/campaigns/${encodeURIComponent(campaignId)}/collection`)),
    retry: retryUnlessRefused,
  });
  const [moving, setMoving] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (message: string) => {
    setMoving(false);
    setSaid(message);
    // The form has gone: focus the section's heading, where the booking is read from.
    window.setTimeout(() => heading.current?.focus(), 0);
  };
  if (state.isPending) return <LoadingState>Loading your collection...</LoadingState>;
  if (state.isError) return <ErrorMessage>Could not fetch your collection times.</ErrorMessage>;
  const { booking } = state.data;
  if (!state.data.ready && !booking) return null;
  return (
    <section aria-labelledby={`collection-${campaignId}`} className="space-y-4">
      <h3 id={`collection-${campaignId}`} ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
        {booking ? 'Your collection' : canBook ? 'Book your collection' : 'Collection'}
      </h3>
      <div role="status" aria-live="polite">
        {said ? <p className="font-medium text-green-900 dark:text-green-200">{said}</p> : null}
      </div>
      {booking ? (
        <div className="space-y-2 text-lg">
          <p>
            <span className="font-semibold">When:</span> {lagosWhen(booking.startsAt)}
          </p>
          <p>
            <span className="font-semibold">Where:</span> {booking.address}
          </p>
          <p>
            <span className="font-semibold">What to bring:</span> {booking.bring}
          </p>
          <p>For help, call {booking.helpLine}.</p>
          {!booking.canMove ? (
            <p>You have moved this collection once. To change it again, please call {booking.helpLine}.</p>
          ) : null}
        </div>
      ) : canBook ? (
        <p className="text-lg">Your device is ready. Choose when you will collect it in Lagos.</p>
      ) : (
        <p className="text-lg">The units are ready. An owner or a manager books when to collect them in Lagos.</p>
      )}
      {canBook && booking && booking.canMove && !moving ? (
        <Button variant="secondary" onClick={() => setMoving(true)}>
          Move to another time
        </Button>
      ) : null}
      {canBook && (!booking || moving) ? (
        <ChooseTime campaignId={campaignId} state={state.data} moving={moving} onDone={done} />
      ) : null}
    </section>
  );
}
