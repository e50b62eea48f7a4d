import { Building2, CheckCircle2, User } from 'lucide-react';
import { formatNaira, percentOf } from '@contract/money';
import { truncate } from '@contract/text';
import { Link } from 'react-router';
import { Island } from '@/islands/island';
import { ProgressBar } from '@/ui/progress-bar';
import { ProductImage } from '@/ui/product-image';
import { stoppedNotice, type Campaign } from '@/lib/campaigns';
import { CardQuickAdd } from './card-quick-add';
import { givingFields } from './giving-fields';

const cardFrame =
  'relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-300 bg-white shadow-sm dark:border-gray-700 dark:bg-gray-900';
const cardImage = 'aspect-4/3 w-full bg-orange-50 object-contain dark:bg-gray-800';

/** `priority` marks a card at the top of a list, whose image is likely the largest thing on screen. */
export function CampaignCard({
  campaign,
  headingLevel = 2,
  priority = false,
}: {
  campaign: Campaign;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Icon = campaign.type === 'organization' ? Building2 : User;
  const stopped = stoppedNotice(campaign);
  return (
    <article
      className={`${cardFrame} focus-within:ring-3 focus-within:ring-blue-700 dark:focus-within:ring-orange-300`}
    >
      <ProductImage
        src={campaign.product_image_url}
        image={campaign.product_image}
        sizes="card"
        priority={priority}
        className={cardImage}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex items-center gap-1.5 text-sm font-medium text-gray-700 dark:text-gray-300">
          <Icon aria-hidden="true" className="size-4" />
          {campaign.type === 'organization' ? 'Organization' : 'Individual'}
          {campaign.is_funded ? (
            <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 font-semibold text-green-900 dark:bg-green-900 dark:text-green-100">
              <CheckCircle2 aria-hidden="true" className="size-4" /> Funded
            </span>
          ) : null}
        </p>
        <H className="text-xl font-bold">
          <Link to={`/campaigns/${campaign.id}`} className="after:absolute after:inset-0 focus:outline-none">
            {campaign.product_name}
            <span className="sr-only"> for {campaign.title}</span>
          </Link>
        </H>
        <p className="text-gray-800 dark:text-gray-200">
          For <span className="font-semibold">{campaign.title}</span>
        </p>
        <p className="text-gray-700 dark:text-gray-300">{truncate(campaign.reason, 120)}</p>
        <div className="mt-auto space-y-2">
          {campaign.type === 'organization' ? (
            <ProgressBar
              label="Units funded"
              value={percentOf(campaign.units_fulfilled, campaign.quantity)}
              valueText={`${campaign.units_fulfilled} of ${campaign.quantity}`}
            />
          ) : null}
          <p className="text-lg font-bold">
            {formatNaira(campaign.type === 'organization' ? campaign.total_price : campaign.product_price)}
            {campaign.type === 'organization' ? (
              <span className="text-sm font-normal text-gray-700 dark:text-gray-300">
                {' '}
                total, {formatNaira(campaign.unit_price)} per unit
              </span>
            ) : null}
          </p>
          {stopped ? (
            <p className="font-semibold text-gray-800 dark:text-gray-200">{stopped}</p>
          ) : campaign.is_funded ? null : (
            <Island name="quick-add" component={CardQuickAdd} props={{ campaign: givingFields(campaign) }} />
          )}
        </div>
      </div>
    </article>
  );
}

const bone = 'rounded bg-gray-200 dark:bg-gray-700';

/**
 * A card's outline while the list loads, with a real card's parts and sizes (image box, type line,
 * two-line heading, name, three lines of reason, price, button), so the cards that replace it do not
 * push anything down. Hidden from assistive technology: the list says "Loading" in words.
 */
export function CampaignCardSkeleton() {
  return (
    <div aria-hidden="true" className={`${cardFrame} motion-safe:animate-pulse`}>
      <div className={cardImage} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className={`h-5 w-28 ${bone}`} />
        <div className={`h-14 w-4/5 ${bone}`} />
        <div className={`h-6 w-1/2 ${bone}`} />
        <div className={`h-18 w-full ${bone}`} />
        <div className="mt-auto space-y-2">
          <div className={`h-7 w-32 ${bone}`} />
          <div className={`h-11 w-full rounded-lg ${bone}`} />
        </div>
      </div>
    </div>
  );
}
