import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useNavigate } from 'react-router';
import type { FundReply } from '@contract/giving';
import { giftBagActions, giftBagTotal, useGiftBag } from '@/lib/gift-bag';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { giftName, lineTotal } from './bag';
import { CheckoutForm, type CheckoutLine } from './checkout-form';
import { successStateOf } from './success-state';

export default function CheckoutPage() {
  const bag = useGiftBag();
  const navigate = useNavigate();
  const [paid, setPaid] = useState(false);

  if (bag.length === 0 && !paid) return <Navigate to="/campaigns" replace />;

  const items: CheckoutLine[] = bag.map((item) => ({
    campaignId: item.id,
    units: item.quantity,
    label: giftName(item),
    amountKobo: lineTotal(item),
  }));

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
      <CheckoutForm items={items} totalKobo={giftBagTotal(bag)} onPaid={handlePaid} />
    </Page>
  );
}
