import { Gift } from 'lucide-react';
import { Suspense, useState } from 'react';
import { CHECKOUT_LIMITS } from '@contract/checkout-limits';
import { formatNaira } from '@contract/money';
import { campaignTitle } from '@contract/site';
import type { Campaign } from '@/lib/campaigns';
import { giftBagActions, useGiftBag } from '@/lib/gift-bag';
import { useLinkKit } from '@/lib/link-kit';
import { announce } from '@/lib/announce';
import { Button, buttonClass } from '@/ui/button';
import { QuantityStepperOnDemand } from '@/ui/quantity-stepper-on-demand';
import { bagLineOf, type GivingCampaign } from './giving-fields';

/**
 * Highest quantity a donor may pick: units still needed, or the whole quantity when that is unknown,
 * and never more than one payment may include.
 */
export function maxQuantity(c: Pick<Campaign, 'units_remaining' | 'quantity'>): number {
  return Math.max(
    1,
    Math.min(CHECKOUT_LIMITS.unitsPerCampaign, c.units_remaining > 0 ? c.units_remaining : c.quantity),
  );
}

/**
 * A campaign page's Donate now and Add to gift bag, with the number of units for an organization's
 * campaign: an island of the light campaign page (decision 0058), so it works as soon as its own
 * small code is in.
 */
export function GiveBox({ campaign }: { campaign: GivingCampaign }) {
  const { Link } = useLinkKit();
  const [quantity, setQuantity] = useState(1);
  const inBag = useGiftBag().some((i) => i.id === campaign.id);
  const isOrg = campaign.type === 'organization';
  const max = maxQuantity(campaign);

  const addToBag = () => {
    // One device per recipient campaign: once it is in the bag the button stays focusable and says so.
    if (inBag && !isOrg) {
      announce(`${campaignTitle(campaign.product_name, campaign.title)} is already in your gift bag.`);
      return;
    }
    giftBagActions.add(bagLineOf(campaign), isOrg ? quantity : 1);
    announce(
      isOrg
        ? `${quantity} ${quantity === 1 ? 'unit' : 'units'} of ${campaign.product_name} added to your gift bag.`
        : `${campaignTitle(campaign.product_name, campaign.title)} added to your gift bag.`,
    );
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-gray-300 p-4 dark:border-gray-700">
      {isOrg ? (
        <Suspense fallback={<div className="min-h-32" />}>
          <QuantityStepperOnDemand
            label="Units to give"
            value={quantity}
            min={1}
            max={max}
            onChange={setQuantity}
            description={`Between 1 and ${max}.${max === CHECKOUT_LIMITS.unitsPerCampaign ? ` One payment can include at most ${max} units.` : ''} ${quantity} × ${formatNaira(campaign.product_price)} = ${formatNaira(quantity * campaign.product_price)}`}
          />
        </Suspense>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Link to={`/donate/${campaign.id}`} state={isOrg ? { units: quantity } : undefined} className={buttonClass()}>
          <Gift aria-hidden="true" className="size-5" /> Donate now
        </Link>
        <Button
          variant="secondary"
          onClick={addToBag}
          aria-disabled={(inBag && !isOrg) || undefined}
          className="aria-disabled:cursor-default aria-disabled:opacity-70"
        >
          {inBag && !isOrg ? 'In your gift bag' : isOrg && inBag ? 'Update gift bag' : 'Add to gift bag'}
        </Button>
      </div>
      {isOrg ? (
        // Monthly amounts from ₦1,000 wait in the Independence Fund until they buy a whole unit (decision 0077).
        <Link
          to={`/give-monthly?to=${campaign.id}`}
          className="font-semibold underline decoration-2 underline-offset-2"
        >
          Give monthly to this campaign
        </Link>
      ) : null}
    </div>
  );
}
