import { Gift } from 'lucide-react';
import { useState } from 'react';
import { giftBagActions, useGiftBag } from '@/lib/gift-bag';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { LinkButton } from '@/ui/link-button';
import { DialogOnDemand } from '@/ui/dialog-on-demand';
import { bagLineOf, type GivingCampaign } from './giving-fields';

export const ORG_QUICK_ADD_ALERT =
  'Organization campaigns work differently. Please visit the campaign page for more information.';

/** Adds a recipient campaign straight from its card; organization campaigns need their own page. */
export function QuickAddButton({ campaign }: { campaign: GivingCampaign }) {
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
    giftBagActions.add(bagLineOf(campaign));
    announce(`${campaign.product_name} for ${campaign.title} added to your gift bag.`);
  };
  const label = inBag ? 'In your gift bag' : 'Add to gift bag';
  return (
    <>
      <Button
        variant="secondary"
        // One string, so the name has no stray space before its colon.
        aria-label={`${label}: ${campaign.product_name} for ${campaign.title}`}
        onClick={onClick}
        aria-disabled={inBag || undefined}
        className="relative z-10 w-full aria-disabled:cursor-default aria-disabled:opacity-70"
      >
        <Gift aria-hidden="true" className="size-5" />
        {label}
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
