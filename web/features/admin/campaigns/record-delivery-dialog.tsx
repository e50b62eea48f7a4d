import { ImagePlus, Trash2, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminOrganizationCampaign } from '@contract/admin';
import {
  DELIVERY_ALT_MAX,
  DELIVERY_ALT_REQUIRED,
  DELIVERY_DATE_INVALID,
  DELIVERY_TOO_MANY_UNITS,
  DELIVERY_UNITS_REQUIRED,
  MAX_DELIVERY_PHOTOS,
  campaignDeliveriesSchema,
  recordDeliveryReplySchema,
  recordDeliverySchema,
  type CampaignDeliveries,
} from '@contract/deliveries';
import { ApiError, apiGet, apiRequest, errorMessage, retryUnlessRefused } from '@/lib/api';
import { acceptFor, fileRule, limitText } from '@/lib/files';
import { uploadFile } from '@/lib/uploads';
import { Button } from '@/ui/button';
import { ModalDialog } from '@/ui/dialog';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { DateField } from '@/ui/date-field';
import { FileField, TextField } from '@/ui/fields';
import { Form, useZodForm } from '@/ui/form';
import { hintClass, labelClass } from '@/ui/field-parts';
import { NumberField } from '@/ui/number-field';
import { Verb } from '../shared/action-verb';
import type { Run } from '../shared/use-action-feedback';

const FAILED = 'Failed to record the delivery.';
const PHOTO_FAILED = 'Failed to upload the delivery photo.';
const SLOTS = [0, 1, 2, 3] as const;
type Slot = (typeof SLOTS)[number];

const useDeliveries = (campaignId: number) =>
  useQuery({
    queryKey: ['admin', 'org-campaigns', 'deliveries', campaignId],
    queryFn: async () =>
      campaignDeliveriesSchema.parse(await apiGet<unknown>(`/admin/org-campaigns/${campaignId}/deliveries`)),
    retry: retryUnlessRefused,
  });

/** Today in Lagos (UTC+1), as a date field holds it. */
const today = () => new Date(Date.now() + 3600_000).toISOString().slice(0, 10);

/**
 * The dialog's own rule: the contract's, with the units bounded by what is left, and four fixed
 * photo places (flat names, so the error summary links to each one) of which those shown count.
 */
function formSchema(left: number) {
  const base = recordDeliverySchema.omit({ photos: true }).extend({
    units: z
      .number({ error: DELIVERY_UNITS_REQUIRED })
      .int(DELIVERY_UNITS_REQUIRED)
      .min(1, DELIVERY_UNITS_REQUIRED)
      .max(left, DELIVERY_TOO_MANY_UNITS(left)),
  });
  const photos: Record<string, z.ZodType> = {};
  for (const slot of SLOTS) {
    photos[`photo${slot}`] = fileRule('deliveryPhoto', 'a photo', false);
    photos[`alt${slot}`] = z.string().trim().max(DELIVERY_ALT_MAX).optional();
  }
  return base.extend(photos).superRefine((values, ctx) => {
    const read = values as Record<string, unknown>;
    for (const slot of SLOTS) {
      const alt = typeof read[`alt${slot}`] === 'string' ? (read[`alt${slot}`] as string).trim() : '';
      if (read[`photo${slot}`] instanceof File && !alt)
        ctx.addIssue({ code: 'custom', path: [`alt${slot}`], message: DELIVERY_ALT_REQUIRED });
      if (!(read[`photo${slot}`] instanceof File) && alt)
        ctx.addIssue({ code: 'custom', path: [`photo${slot}`], message: 'Choose the photo this description is for.' });
    }
  });
}

async function sendPhoto(file: File): Promise<string> {
  try {
    return await uploadFile(file, 'deliveryPhoto', () => undefined);
  } catch (error) {
    throw new ApiError(
      error instanceof ApiError ? error.status : 0,
      error instanceof ApiError && error.kind === 'server' && error.status === 400 ? error.message : PHOTO_FAILED,
    );
  }
}

function DeliveryForm({
  campaign,
  soFar,
  run,
  done,
}: {
  campaign: AdminOrganizationCampaign;
  soFar: CampaignDeliveries;
  run: Run;
  done: () => void;
}) {
  const client = useQueryClient();
  const left = soFar.units_funded - soFar.units_delivered;
  const schema = useMemo(() => formSchema(left), [left]);
  const form = useZodForm(schema, {
    defaultValues: {
      units: left,
      deliveredOn: today(),
      note: '',
      videoUrl: '',
      ...Object.fromEntries(
        SLOTS.flatMap((slot) => [
          [`photo${slot}`, null],
          [`alt${slot}`, ''],
        ]),
      ),
    },
  });
  const [shown, setShown] = useState<Slot[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const addPhoto = () => {
    const free = SLOTS.find((s) => !shown.includes(s));
    if (free === undefined) return;
    setShown([...shown, free]);
    // The new photo's file field takes focus once drawn.
    window.setTimeout(() => form.setFocus(`photo${free}` as never), 0);
  };
  const removePhoto = (slot: Slot) => {
    form.setValue(`photo${slot}` as never, null as never);
    form.setValue(`alt${slot}` as never, '' as never);
    form.clearErrors([`photo${slot}`, `alt${slot}`] as never);
    setShown(shown.filter((s) => s !== slot));
    window.setTimeout(() => document.getElementById('add-delivery-photo')?.focus(), 0);
  };
  if (left <= 0)
    return (
      <div className="mt-4 space-y-4">
        <p className="text-lg">Every funded unit of this campaign is already recorded as delivered.</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={done}>
            Close
          </Button>
        </div>
      </div>
    );
  return (
    <Form
      form={form}
      className="mt-4 space-y-5"
      onSubmit={async (values, helpers) => {
        setAlert(null);
        const read = values as Record<string, unknown>;
        try {
          await run(async () => {
            const photos = [];
            for (const slot of shown) {
              const file = read[`photo${slot}`];
              if (file instanceof File)
                photos.push({ key: await sendPhoto(file), alt: String(read[`alt${slot}`] ?? '').trim() });
            }
            try {
              const { data } = await apiRequest<unknown>(`/admin/org-campaigns/${campaign.id}/deliveries`, {
                method: 'POST',
                body: JSON.stringify({
                  units: values.units,
                  deliveredOn: values.deliveredOn,
                  note: values.note,
                  videoUrl: values.videoUrl,
                  photos,
                }),
              });
              return recordDeliveryReplySchema.parse(data).message;
            } finally {
              await client.invalidateQueries({ queryKey: ['admin'] });
            }
          }, FAILED);
          done();
        } catch (error) {
          if (!helpers.showServerErrors(error)) setAlert(errorMessage(error, { noMessage: FAILED }));
        }
      }}
    >
      <p className="text-lg">
        {soFar.units_delivered} of {soFar.units_funded} funded units delivered so far; {left} left to deliver.
      </p>
      <NumberField name="units" label="Units delivered" hint={`From 1 to ${left}.`} min={1} max={left} />
      <DateField
        name="deliveredOn"
        label="Delivered on"
        hint={DELIVERY_DATE_INVALID.replace('Enter', 'The')}
        max={today()}
        required
      />
      <TextField
        name="note"
        label="Note (optional)"
        hint="Plain text, up to 500 characters."
        rows={3}
        isRequired={false}
        maxLength={500}
      />
      <TextField
        name="videoUrl"
        label="Video link (optional)"
        hint="A YouTube or Vimeo link, starting with https://. Donors can watch it with their gift."
        type="url"
        isRequired={false}
      />
      <fieldset className="space-y-4">
        <legend className={labelClass}>Photos (optional)</legend>
        <p className={hintClass}>
          Up to {MAX_DELIVERY_PHOTOS} photos, each with a description for people who cannot see it.{' '}
          {limitText('deliveryPhoto')}
        </p>
        {shown.map((slot, index) => (
          <div key={slot} className="space-y-3 rounded-lg border border-gray-300 p-3 dark:border-gray-700">
            <FileField name={`photo${slot}`} label={`Photo ${index + 1}`} accept={acceptFor('deliveryPhoto')} />
            <TextField
              name={`alt${slot}`}
              label={`Description of photo ${index + 1}`}
              hint="What the photo shows, in a sentence."
              maxLength={DELIVERY_ALT_MAX}
            />
            <Button variant="secondary" onClick={() => removePhoto(slot)}>
              <Trash2 aria-hidden="true" className="size-5" />
              Remove photo {index + 1}
            </Button>
          </div>
        ))}
        {shown.length < MAX_DELIVERY_PHOTOS ? (
          <Button id="add-delivery-photo" variant="secondary" onClick={addPhoto}>
            <ImagePlus aria-hidden="true" className="size-5" />
            Add a photo
          </Button>
        ) : null}
      </fieldset>
      {alert ? <ErrorMessage>{alert}</ErrorMessage> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={done}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Recording...' : 'Record Delivery'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * 'Record a delivery' for an organization campaign with funded units (decision 0039): the units
 * handed over, bounded by what is left, the date, a note, photos with descriptions and a video link.
 * The result is said in the page's banner and focus returns to the button.
 */
export function RecordDelivery({
  campaign,
  run,
  about,
}: {
  campaign: AdminOrganizationCampaign;
  run: Run;
  about: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Truck aria-hidden="true" className="size-5" />
        <Verb about={about}>Record a Delivery</Verb>
      </Button>
      {open ? <RecordDeliveryDialog campaign={campaign} run={run} close={() => setOpen(false)} /> : null}
    </>
  );
}

function RecordDeliveryDialog({
  campaign,
  run,
  close,
}: {
  campaign: AdminOrganizationCampaign;
  run: Run;
  close: () => void;
}) {
  const deliveries = useDeliveries(campaign.id);
  return (
    <ModalDialog
      title={`Record a delivery for campaign #${campaign.id}`}
      isOpen
      onOpenChange={(next) => !next && close()}
      size="lg"
    >
      <p className="mt-2 text-gray-800 dark:text-gray-200">
        {campaign.quantity} {campaign.product_name} for {campaign.organization.organization_name}. The organization and
        the campaign&apos;s donors are told.
      </p>
      {deliveries.isPending ? (
        <LoadingState>Loading...</LoadingState>
      ) : deliveries.isError ? (
        <div className="mt-4 space-y-4">
          <ErrorMessage>Could not fetch the deliveries of this campaign.</ErrorMessage>
          <Button variant="secondary" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DeliveryForm campaign={campaign} soFar={deliveries.data} run={run} done={close} />
      )}
    </ModalDialog>
  );
}
