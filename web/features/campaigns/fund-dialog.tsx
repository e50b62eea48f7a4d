import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Slider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { CHECKOUT_LIMITS } from '@contract/giving';
import { formatNaira } from '@contract/money';
import { Button, buttonClass } from '@/ui/button';
import type { Campaign } from './normalize';

/** Per-unit price of an organization campaign (spec 5): total price over quantity. */
export function perUnitPrice(c: Pick<Campaign, 'total_price' | 'quantity'>): number {
  return c.quantity > 0 ? Math.round(c.total_price / c.quantity) : 0;
}

/** Chooses how many units to fund with a slider from 1 to the units remaining, then goes to payment. */
export function FundDialog({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const max = Math.max(1, Math.min(CHECKOUT_LIMITS.unitsPerCampaign, campaign.units_remaining));
  const [units, setUnits] = useState(1);
  const unit = perUnitPrice(campaign);
  return (
    <DialogTrigger>
      {/* DialogTrigger needs React Aria's pressable button to open the dialog and return focus to it. */}
      <AriaButton className={buttonClass('primary')}>
        <HandCoins aria-hidden="true" className="size-5" /> Fund units
      </AriaButton>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
        <Modal className="w-full max-w-lg rounded-xl bg-white p-6 text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100">
          <Dialog className="outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="text-2xl font-bold">
                  Fund {campaign.product_name}
                </Heading>
                <p className="mt-2">
                  For {campaign.title}. {campaign.units_remaining} of {campaign.quantity} units still needed, {formatNaira(unit)} each.
                </p>
                <Slider
                  value={units}
                  onChange={(v) => setUnits(Array.isArray(v) ? (v[0] ?? 1) : v)}
                  minValue={1}
                  maxValue={max}
                  step={1}
                  className="mt-6 flex flex-col gap-2"
                >
                  <div className="flex justify-between">
                    <Label className="font-semibold">Units to fund</Label>
                    <SliderOutput className="font-semibold" />
                  </div>
                  <SliderTrack className="relative h-11 w-full">
                    {({ state }) => (
                      <>
                        <div className="absolute top-1/2 h-2 w-full -translate-y-1/2 rounded-full border border-gray-600 bg-gray-200 dark:border-gray-300 dark:bg-gray-700" />
                        <div
                          className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-brand-dark dark:bg-orange-300"
                          style={{ width: `${state.getThumbPercent(0) * 100}%` }}
                        />
                        <SliderThumb
                          className="top-1/2 size-7 rounded-full border-3 border-gray-900 bg-white data-[focus-visible]:ring-4 data-[focus-visible]:ring-blue-700 dark:border-white dark:bg-gray-900 dark:data-[focus-visible]:ring-orange-300"
                        />
                      </>
                    )}
                  </SliderTrack>
                  <p className="text-sm text-gray-700 dark:text-gray-300">
                    Use the arrow keys to change the number of units, from 1 to {max}.
                    {campaign.units_remaining > max ? ` One payment can include at most ${max} units.` : null}
                  </p>
                </Slider>
                <p className="mt-4 text-xl font-bold" aria-live="polite">
                  Total: {formatNaira(units * unit)}
                </p>
                <div className="mt-6 flex flex-wrap gap-3">
                  <Button onClick={() => navigate(`/donate/${campaign.id}?units=${units}`, { state: { units } })}>
                    Continue to payment
                  </Button>
                  <Button variant="secondary" onClick={close}>
                    Cancel
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
