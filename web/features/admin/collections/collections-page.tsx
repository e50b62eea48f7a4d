import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import {
  SLOT_CAPACITY_INVALID,
  SLOT_CAPACITY_MAX,
  SLOT_TIME_INVALID,
  adminSlotSchema,
  collectionDaySchema,
  lagosDay,
  lagosTime,
  lagosWhen,
  markReplySchema,
  slotReplySchema,
  type DayCollection,
} from '@contract/collections';
import { apiGet, apiRequest, retryUnlessRefused } from '@/lib/api';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField, TimeField } from '@/ui/date-field';
import { Form, useZodForm } from '@/ui/form';
import { hintClass, labelClass } from '@/ui/field-parts';
import { NumberField } from '@/ui/number-field';
import { Page, Section } from '@/ui/page';
import { QueryView } from '@/ui/query-view';
import { useActionFeedback } from '../shared/use-action-feedback';

const SLOTS_KEY = ['admin', 'collection-slots'] as const;
const dayKey = (date: string) => ['admin', 'collections', date] as const;
const cellClass = 'px-3 py-2 align-top';

// Lagos keeps UTC+1 all year, so a day and a time there are one instant.
const slotForm = z
  .object({
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, SLOT_TIME_INVALID),
    time: z.string().regex(/^\d{2}:\d{2}$/, SLOT_TIME_INVALID),
    capacity: z
      .number({ error: SLOT_CAPACITY_INVALID })
      .int(SLOT_CAPACITY_INVALID)
      .min(1, SLOT_CAPACITY_INVALID)
      .max(SLOT_CAPACITY_MAX, SLOT_CAPACITY_INVALID),
  })
  .refine((v) => Date.parse(`${v.day}T${v.time}:00+01:00`) > Date.now(), { path: ['day'], message: SLOT_TIME_INVALID });

const STATUS_WORDS: Record<DayCollection['status'], string> = {
  booked: 'Expected',
  collected: 'Collected',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

function PublishSlot({ run }: { run: ReturnType<typeof useActionFeedback>['run'] }) {
  const client = useQueryClient();
  const form = useZodForm(slotForm, { defaultValues: { day: '', time: '10:00', capacity: 10 } });
  return (
    <Form
      form={form}
      onSubmit={async (values, helpers) => {
        try {
          await run(async () => {
            const { data } = await apiRequest<unknown>('/admin/collection-slots', {
              method: 'POST',
              body: JSON.stringify({ startsAt: `${values.day}T${values.time}:00+01:00`, capacity: values.capacity }),
            });
            await client.invalidateQueries({ queryKey: SLOTS_KEY });
            return slotReplySchema.parse(data).message;
          }, 'Failed to publish the collection time.');
          form.reset({ day: '', time: values.time, capacity: values.capacity });
        } catch (error) {
          helpers.showServerErrors(error);
        }
      }}
    >
      <DateField name="day" label="Date" hint="The day of the collection, in Lagos." required />
      <TimeField name="time" label="Time" hint="When people should arrive, Lagos time." />
      <NumberField name="capacity" label="People who can be served" min={1} max={SLOT_CAPACITY_MAX} />
      <Button type="submit">Publish collection time</Button>
    </Form>
  );
}

function UpcomingSlots() {
  const slots = useQuery({
    queryKey: SLOTS_KEY,
    queryFn: async () => z.array(adminSlotSchema).parse(await apiGet<unknown>('/admin/collection-slots')),
    retry: retryUnlessRefused,
  });
  return (
    <QueryView query={slots} failed="Could not fetch the collection times." empty="No upcoming collection times yet.">
      {(list) => (
        <ul aria-label="Upcoming collection times" className="space-y-2">
          {list.map((s) => (
            <li key={s.id} className="rounded-lg border border-gray-300 px-4 py-3 dark:border-gray-700">
              <span className="font-semibold">{lagosWhen(s.startsAt)}</span>: {s.booked} booked of {s.capacity}
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

type Mark = { collection: DayCollection; kind: 'collected' | 'missed' };

function DayCollections({ run }: { run: ReturnType<typeof useActionFeedback>['run'] }) {
  const client = useQueryClient();
  const [date, setDate] = useState(lagosDay());
  const [mark, setMark] = useState<Mark | null>(null);
  const dateId = useId();
  const day = useQuery({
    queryKey: dayKey(date),
    queryFn: async () =>
      collectionDaySchema.parse(await apiGet<unknown>(`/admin/collections?date=${encodeURIComponent(date)}`))
        .collections,
    retry: retryUnlessRefused,
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={dateId} className={labelClass}>
          Day
        </label>
        <p id={`${dateId}-hint`} className={hintClass}>
          The collections of this day, Lagos time.
        </p>
        <input
          id={dateId}
          type="date"
          value={date}
          aria-describedby={`${dateId}-hint`}
          onChange={(e) => setDate(e.target.value)}
          className="mt-1 block min-h-12 w-fit rounded-lg border-2 border-gray-700 bg-white px-3 py-2 text-lg text-gray-900 dark:scheme-dark dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100"
        />
      </div>
      <QueryView query={day} failed="Could not fetch the day's collections." empty="No collections on this day.">
        {(rows) => (
          <div
            role="region"
            aria-label="The day's collections"
            tabIndex={0}
            className="overflow-auto rounded-lg border border-gray-300 focus-visible:outline-4 focus-visible:outline-blue-700 dark:border-gray-700 dark:focus-visible:outline-orange-300"
          >
            <table className="w-full min-w-lg border-collapse text-left">
              <caption className="sr-only">Collections on {date}</caption>
              <thead className="bg-gray-100 text-sm font-semibold dark:bg-gray-800">
                <tr>
                  {['Time', 'Who', 'Device', 'Status', 'Actions'].map((c) => (
                    <th key={c} scope="col" className={cellClass}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="border-t border-gray-200 dark:border-gray-700">
                    <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{lagosTime(c.startsAt)}</td>
                    <th scope="row" className={`${cellClass} font-normal`}>
                      <span className="block font-semibold">{c.owner}</span>
                      {c.phone ? <span className="block">{c.phone}</span> : null}
                    </th>
                    <td className={cellClass}>{c.what}</td>
                    <td className={cellClass}>{STATUS_WORDS[c.status]}</td>
                    <td className={cellClass}>
                      {c.status === 'booked' ? (
                        <div className="flex flex-wrap gap-2">
                          <Button
                            id={`collected-${c.id}`}
                            aria-label={`Mark collected: ${c.owner}`}
                            onClick={() => setMark({ collection: c, kind: 'collected' })}
                          >
                            Mark collected
                          </Button>
                          <Button
                            id={`missed-${c.id}`}
                            variant="secondary"
                            aria-label={`Mark missed: ${c.owner}`}
                            onClick={() => setMark({ collection: c, kind: 'missed' })}
                          >
                            Mark missed
                          </Button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      <ConfirmDialog
        title={mark?.kind === 'missed' ? 'Mark this collection missed?' : 'Mark this collection collected?'}
        isOpen={mark !== null}
        onOpenChange={(open) => (open ? undefined : setMark(null))}
        confirmLabel={mark?.kind === 'missed' ? 'Mark missed' : 'Mark collected'}
        busyLabel="Saving..."
        failed="Failed to mark the collection."
        onConfirm={async () => {
          if (!mark) return;
          await run(async () => {
            const { data } = await apiRequest<unknown>(`/admin/collections/${mark.collection.id}/${mark.kind}`, {
              method: 'POST',
            });
            await client.invalidateQueries({ queryKey: ['admin', 'collections'] });
            await client.invalidateQueries({ queryKey: SLOTS_KEY });
            return markReplySchema.parse(data).message;
          }, 'Failed to mark the collection.');
          setMark(null);
        }}
      >
        {mark?.kind === 'missed' ? (
          <p>{mark.collection.owner} will be told the collection was missed and asked to book another time.</p>
        ) : (
          <p>
            {mark?.collection.owner}&apos;s campaign will be marked delivered, and they will be asked for a thank-you
            video.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** The collection centre's desk: publish times, then see each day's collections and mark them. */
export default function CollectionsPage() {
  const { run, view } = useActionFeedback();
  return (
    <Page title="Collections" intro="Times at the collection centre in Lagos, and who comes when.">
      {view}
      <Section title="Publish a collection time" id="publish">
        <PublishSlot run={run} />
      </Section>
      <Section title="Upcoming collection times" id="upcoming">
        <UpcomingSlots />
      </Section>
      <Section title="The day's collections" id="day">
        <DayCollections run={run} />
      </Section>
    </Page>
  );
}
