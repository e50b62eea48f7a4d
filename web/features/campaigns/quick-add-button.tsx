import { Gift } from 'lucide-react';
import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { cartActions, useCart } from '@/lib/cart';
import { announce } from '@/lib/page';
import { Button, LinkButton } from '@/ui/button';
import type { Campaign } from './normalize';

export const ORG_QUICK_ADD_ALERT = 'Organization campaigns work differently. Please visit the campaign page for more information.';

/** Adds a recipient campaign straight from its card; organization campaigns need their own page. */
export function QuickAddButton({ campaign }: { campaign: Campaign }) {
  const inBag = useCart().some((i) => i.id === campaign.id);
  const [alertOpen, setAlertOpen] = useState(false);
  if (campaign.is_funded) return null;
  const onClick = () => {
    if (campaign.type === 'organization') {
      setAlertOpen(true);
      return;
    }
    cartActions.add({
      id: campaign.id,
      type: 'recipient',
      product_name: campaign.product_name,
      product_image_url: campaign.product_image_url,
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
      <Button variant="secondary" onClick={onClick} disabled={inBag} className="relative z-10 w-full">
        <Gift aria-hidden="true" className="size-5" />
        {inBag ? 'In your gift bag' : 'Add to gift bag'}
        <span className="sr-only">
          : {campaign.product_name} for {campaign.title}
        </span>
      </Button>
      <ModalOverlay
        isOpen={alertOpen}
        onOpenChange={setAlertOpen}
        isDismissable
        className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
      >
        <Modal className="w-full max-w-md rounded-xl bg-white p-6 text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100">
          <Dialog role="alertdialog" className="outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="text-xl font-bold">
                  Visit the campaign page
                </Heading>
                <p className="mt-3 text-lg">{ORG_QUICK_ADD_ALERT}</p>
                <div className="mt-6 flex flex-wrap gap-3">
                  <LinkButton to={`/campaigns/${campaign.id}`}>Go to the campaign page</LinkButton>
                  <Button variant="secondary" onClick={close} autoFocus>
                    OK
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
