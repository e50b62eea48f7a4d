import { Gift } from 'lucide-react';
import { useState } from 'react';
import { giftBagActions, useGiftBag } from '@/lib/gift-bag';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { LinkButton } from '@/ui/link-button';
import { DialogOnDemand } from '@/ui/dialog-on-demand';
import type { Campaign } from '@/lib/campaigns';

export const ORG_QUICK_ADD_ALERT =
  'Organization campaigns work differently. Please visit the campaign page for more information.';

/** What the quick add needs of a campaign: what the gift bag keeps, and whether it takes gifts. */
export type QuickAddCampaign = Pick<
  Campaign,
  | 'id'
  | 'type'
  | 'title'
  | 'is_funded'
  | 'takes_gifts'
  | 'product_name'
  | 'product_image_url'
  | 'product_image'
  | 'product_price'
  | 'first_name'
  | 'last_name'
  | 'units_remaining'
>;

/** Adds a recipient campaign straight from its card; organization campaigns need their own page. */
export function QuickAddButton({ campaign }: { campaign: QuickAddCampaign }) {
  const inBag = useGiftBag().some((i) => i.id === campaign.id);
  const [alertOpen, setAlertOpen] = useState(false);
  if (campaign.is_funded || !campaign.takes_gifts) return null;
  const onClick = () => {
    // Already in the bag: the button stays focusable (a disabled one drops focus to the page) and says so.
    if (inBag) {
      announce(`${campaign.product_name} for ${campaign.title} is already in your gift bag.`);
      return;
    }
    if (campaign.type === 'organization') {
      setAlertOpen(true);
      return;
    }
    giftBagActions.add({
      id: campaign.id,
      type: 'recipient',
      product_name: campaign.product_name,
      product_image_url: campaign.product_image_url,
      product_image: campaign.product_image ?? null,
      product_price: campaign.product_price,
      first_name: campaign.first_name,
      last_name: campaign.last_name,
      organization_name: null,
      units_remaining: campaign.units_remaining,
    });
    announce(`${campaign.product_name} for ${campaign.title} added to your gift bag.`);
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={onClick}
        aria-disabled={inBag || undefined}
        className="relative z-10 w-full aria-disabled:cursor-default aria-disabled:opacity-70"
      >
        <Gift aria-hidden="true" className="size-5" />
        {inBag ? 'In your gift bag' : 'Add to gift bag'}
        <span className="sr-only">
          : {campaign.product_name} for {campaign.title}
        </span>
      </Button>
      <DialogOnDemand
        title="Visit the campaign page"
        role="alertdialog"
        size="sm"
        isOpen={alertOpen}
        onOpenChange={setAlertOpen}
      >
        {(close) => (
          <>
            <p className="mt-3 text-lg">{ORG_QUICK_ADD_ALERT}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <LinkButton to={`/campaigns/${campaign.id}`}>Go to the campaign page</LinkButton>
              <Button variant="secondary" onClick={close} autoFocus>
                OK
              </Button>
            </div>
          </>
        )}
      </DialogOnDemand>
    </>
  );
}
