import { useQueries } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useNavigate } from 'react-router';
import type { FundReply } from '@contract/giving';
import { campaignQuery, perUnitPrice } from '@/lib/campaigns';
import { giftBagActions, useGiftBag } from '@/lib/gift-bag';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { giftName, lineTotal } from './bag';
import { CheckoutForm, type CheckoutLine } from './checkout-form';
import { matchPreview } from './match-preview';
import { successStateOf } from './success-state';

export default function CheckoutPage() {
  const bag = useGiftBag();
  const navigate = useNavigate();
  const [paid, setPaid] = useState(false);
  // Each campaign as its page reads it now (the same cached query), for the match open on it.
  const campaigns = useQueries({ queries: bag.map((item) => ({ ...campaignQuery(item.id), staleTime: 30_000 })) });

  if (bag.length === 0 && !paid) return <Navigate to="/campaigns" replace />;

  const items: CheckoutLine[] = bag.map((item, index) => {
    const campaign = campaigns[index]?.data;
    const preview = campaign
      ? matchPreview(
          {
            type: campaign.type,
            match: campaign.match,
            unitPriceKobo: campaign.type === 'organization' ? perUnitPrice(campaign) : campaign.product_price,
            unitsRemaining: campaign.type === 'organization' ? campaign.units_remaining : 1,
          },
          item.quantity,
        )
      : null;
    return {
      campaignId: item.id,
      units: item.quantity,
      label: giftName(item),
      // A person's device shared with a sponsor costs the donor their part only.
      amountKobo: preview && item.type === 'recipient' ? preview.donorKobo : lineTotal(item),
      matchNote: preview?.sentence ?? null,
    };
  });
  const totalKobo = items.reduce((sum, line) => sum + line.amountKobo, 0);

  function handlePaid(result: FundReply, lines: CheckoutLine[]) {
    // Committed before the bag empties, so the empty-bag redirect cannot win the race to navigate.
    flushSync(() => setPaid(true));
    giftBagActions.clear();
    navigate('/checkout/success', { state: successStateOf(result, lines) });
  }

  return (
    <Page title="Checkout" intro={<p>Give as a guest or signed in. Prices are confirmed when you press Pay.</p>}>
      <LinkButton to="/cart" variant="ghost" className="-ml-3 mb-6">
        <ArrowLeft aria-hidden="true" className="size-5" /> Back to your gift bag
      </LinkButton>
      <CheckoutForm items={items} totalKobo={totalKobo} onPaid={handlePaid} />
    </Page>
  );
}
