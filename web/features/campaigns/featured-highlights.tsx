import { Link } from 'react-router';
import { formatNaira } from '@contract/money';
import { HIGHLIGHT_DESCRIPTION_LENGTH, truncate } from '@contract/text';
import { LinkButton } from '@/ui/link-button';
import { EmptyState, ErrorMessage, LoadingState } from '@/ui/feedback';
import { useFeaturedCampaigns } from './api';
import { ResponsiveImage } from '@/ui/responsive-image';

export function FeaturedHighlights() {
  const { data, isPending, isError } = useFeaturedCampaigns();
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-title" className="text-3xl font-bold">
            Featured Campaigns
          </h2>
          <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
            People waiting for the device that changes their day.
          </p>
        </div>
        <LinkButton to="/campaigns" variant="secondary">
          View all campaigns
        </LinkButton>
      </div>
      <div className="mt-8">
        {isPending ? (
          <LoadingState>Loading featured campaigns...</LoadingState>
        ) : isError ? (
          <ErrorMessage>Could not load featured campaigns. Please try again later.</ErrorMessage>
        ) : data.length === 0 ? (
          <EmptyState title="No featured campaigns are available right now." />
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.map((c) => (
              <li
                key={c.id}
                className="relative flex flex-col gap-3 overflow-hidden rounded-xl border border-gray-300 bg-white p-0 focus-within:ring-3 focus-within:ring-blue-700 dark:border-gray-700 dark:bg-gray-900 dark:focus-within:ring-orange-300"
              >
                <ResponsiveImage
                  image={c.product_image}
                  src={c.product_image_url}
                  sizes="card"
                  width={480}
                  height={360}
                  className="aspect-4/3 w-full bg-orange-50 object-contain dark:bg-gray-800"
                />
                <div className="flex flex-1 flex-col gap-2 px-5 pb-5">
                  <h3 className="text-xl font-bold">
                    <Link to={`/campaigns/${c.id}`} className="after:absolute after:inset-0 focus:outline-none">
                      {c.title}
                    </Link>
                  </h3>
                  <p className="font-medium text-gray-800 dark:text-gray-200">{c.product_name}</p>
                  <p className="text-gray-700 dark:text-gray-300">{truncate(c.reason, HIGHLIGHT_DESCRIPTION_LENGTH)}</p>
                  <p className="mt-auto text-lg font-bold">{formatNaira(c.product_price)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
