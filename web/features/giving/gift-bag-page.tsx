import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ShoppingBag, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { CHECKOUT_LIMITS } from '@contract/checkout-limits';
import { formatNaira } from '@contract/money';
import {
  giftBagActions,
  giftBagTotal,
  getGiftBag,
  imageOfItem,
  itemCount,
  useGiftBag,
  type GiftBagItem,
} from '@/lib/gift-bag';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { campaignQuery, perUnitPrice, type Campaign } from '@/lib/campaigns';
import { announce } from '@/lib/announce';
import { buttonClass } from '@/ui/button';
import { LinkButton } from '@/ui/link-button';
import { Page } from '@/ui/page';
import { QuantityStepper } from '@/ui/quantity-stepper';
import { giftFor, giftName, lineTotal } from './bag';
import { focusCentered } from './focus';
import { matchPreview } from './match-preview';
import { ProductImage } from '@/ui/product-image';

const PER_PAYMENT = CHECKOUT_LIMITS.unitsPerCampaign;

/** Units still needed, when the bag knows them, and never more than one payment may include. */
function maxUnits(item: GiftBagItem): number {
  return Math.min(PER_PAYMENT, item.units_remaining && item.units_remaining > 0 ? item.units_remaining : PER_PAYMENT);
}

/** The match a campaign's page says is open on it, worked out for some units of it. */
const previewFor = (campaign: Campaign | undefined, units: number) =>
  campaign
    ? matchPreview(
        {
          type: campaign.type,
          match: campaign.match,
          unitPriceKobo: campaign.type === 'organization' ? perUnitPrice(campaign) : campaign.product_price,
          unitsRemaining: campaign.type === 'organization' ? campaign.units_remaining : 1,
        },
        units,
      )
    : null;

function BagItem({
  item,
  onRemove,
  removeRef,
}: {
  item: GiftBagItem;
  onRemove: () => void;
  removeRef: (el: HTMLButtonElement | null) => void;
}) {
  const nameId = `gift-${item.id}-name`;
  const name = giftName(item);
  const isOrg = item.type === 'organization';
  const max = maxUnits(item);
  // The campaign as its page reads it now (the same cached query), for the match open on it.
  const { data: campaign } = useQuery({ ...campaignQuery(item.id), staleTime: 30_000 });
  const preview = previewFor(campaign, item.quantity);

  const changeUnits = (value: number) => {
    giftBagActions.update(item.id, value);
    const match = previewFor(campaign, value);
    // One sentence per change, the match's part in it, so nothing is said twice.
    announce(
      `${name}: ${value} ${value === 1 ? 'unit' : 'units'}, ${formatNaira(item.product_price * value)}.${match ? ` ${match.sentence}` : ''} Gift bag total ${formatNaira(giftBagTotal(getGiftBag()))}.`,
    );
  };

  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-4 rounded-xl border border-gray-300 bg-white p-4 sm:flex-row dark:border-gray-700 dark:bg-gray-900"
    >
      <ProductImage
        width={160}
        height={120}
        src={item.product_image_url}
        image={imageOfItem(item)}
        sizes="thumbnail"
        className="h-28 w-full shrink-0 rounded-lg border border-gray-200 bg-orange-50 object-contain sm:w-36 dark:border-gray-700 dark:bg-gray-800"
      />
      <div className="min-w-0 flex-1 space-y-4">
        <div>
          {/* The heading names the gift and whom it is for, so the article and the list of headings tell two of the same device apart. */}
          <h3 id={nameId} className="text-xl font-bold break-words">
            {item.product_name}
            <span className="block text-base font-normal text-gray-700 dark:text-gray-300">for {giftFor(item)}</span>
          </h3>
        </div>
        <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">{isOrg ? 'Price per unit' : 'Price'}</dt>
            <dd className="text-lg font-semibold">{formatNaira(item.product_price)}</dd>
          </div>
          {!isOrg ? (
            <div>
              <dt className="text-sm text-gray-700 dark:text-gray-300">Quantity</dt>
              <dd className="text-lg font-semibold">1</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm text-gray-700 dark:text-gray-300">Line total</dt>
            <dd className="text-lg font-semibold">{formatNaira(lineTotal(item))}</dd>
          </div>
        </dl>
        {preview ? (
          <p className="text-lg font-semibold text-amber-900 dark:text-amber-200">{preview.sentence}</p>
        ) : null}
        {isOrg ? (
          <QuantityStepper
            label={`Units of ${name}`}
            value={item.quantity}
            min={1}
            max={max}
            onChange={changeUnits}
            description={`Between 1 and ${max}.${max === PER_PAYMENT ? ` One payment can include at most ${PER_PAYMENT} units of a campaign.` : ''}`}
          />
        ) : null}
        <button
          ref={removeRef}
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${name} from your gift bag`}
          className={buttonClass('secondary')}
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Remove
        </button>
      </div>
    </article>
  );
}

export default function GiftBagPage() {
  const items = useGiftBag();
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const total = giftBagTotal(items);
  const count = itemCount(items);
  // Checkout is this page's next step: its code comes once the bag is on screen, so Proceed to
  // checkout opens it without a download; the app's navigation then finds it in.
  const painted = useAfterFirstPaint();
  const hasGifts = items.length > 0;
  useEffect(() => {
    if (painted && hasGifts) void import('./checkout-page').catch(() => undefined);
  }, [painted, hasGifts]);

  function remove(item: GiftBagItem, index: number) {
    const next = items[index + 1] ?? items[index - 1];
    // Render the shorter list now, so there is something to move focus to.
    flushSync(() => giftBagActions.remove(item.id));
    focusCentered(next ? removeButtons.current.get(next.id) : emptyHeading.current);
    announce(`${giftName(item)} removed from your gift bag.`);
  }

  return (
    <Page title="Your Gift Bag" wide>
      {items.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-gray-300 px-6 py-10 text-center dark:border-gray-700">
          <ShoppingBag aria-hidden="true" className="mx-auto size-10 text-gray-700 dark:text-gray-300" />
          <h2 ref={emptyHeading} tabIndex={-1} className="mt-3 text-2xl font-bold">
            Your Gift Bag is Empty
          </h2>
          <p className="mt-3 text-lg text-gray-700 dark:text-gray-300">
            Choose a campaign and add a gift to your bag to give it.
          </p>
          <LinkButton to="/campaigns" className="mt-6">
            Browse campaigns
          </LinkButton>
        </div>
      ) : (
        <div className="grid gap-10 lg:grid-cols-3">
          <section aria-labelledby="bag-items-title" className="lg:col-span-2">
            <h2 id="bag-items-title" className="text-2xl font-bold">
              Gifts in your bag
            </h2>
            <p className="mt-1 text-gray-700 dark:text-gray-300">
              {items.length} {items.length === 1 ? 'campaign' : 'campaigns'}, {count} {count === 1 ? 'unit' : 'units'}
            </p>
            <ul className="mt-4 space-y-4">
              {items.map((item, index) => (
                <li key={item.id}>
                  <BagItem
                    item={item}
                    onRemove={() => remove(item, index)}
                    removeRef={(el) => {
                      if (el) removeButtons.current.set(item.id, el);
                      else removeButtons.current.delete(item.id);
                    }}
                  />
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="bag-summary-title">
            <div className="rounded-xl border border-gray-300 bg-gray-50 p-5 lg:sticky lg:top-24 dark:border-gray-700 dark:bg-gray-900">
              <h2 id="bag-summary-title" className="text-2xl font-bold">
                Summary
              </h2>
              <dl className="mt-4 space-y-3">
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="text-gray-800 dark:text-gray-200">Subtotal</dt>
                  <dd className="text-lg font-semibold">{formatNaira(total)}</dd>
                </div>
                <div className="flex items-baseline justify-between gap-4 border-t border-gray-300 pt-3 dark:border-gray-700">
                  <dt className="text-lg font-bold">Total</dt>
                  <dd className="text-xl font-bold">{formatNaira(total)}</dd>
                </div>
              </dl>
              <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
                No fees are added. Prices are confirmed at checkout.
              </p>
              <div className="mt-5 flex flex-col gap-3">
                <LinkButton to="/checkout">
                  Proceed to checkout <ArrowRight aria-hidden="true" className="size-5" />
                </LinkButton>
                <LinkButton to="/campaigns" variant="secondary">
                  Continue browsing
                </LinkButton>
              </div>
            </div>
          </section>
        </div>
      )}
    </Page>
  );
}
