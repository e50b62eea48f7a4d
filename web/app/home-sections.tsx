import type { QueryClient } from '@tanstack/react-query';
import { prefetchFeatured } from '@/features/campaigns/api';
import { FeaturedHighlights } from '@/features/campaigns/featured-highlights';
import { prefetchHomeContent } from '@/features/content/api';
import { ImpactStats } from '@/features/content/impact-stats';
import { SuccessStories } from '@/features/content/success-stories';

/** The home page's sections that show data, loaded after the hero has painted (web/app/home-page.tsx). */
export default function HomeSections() {
  return (
    <>
      <FeaturedHighlights />
      <SuccessStories />
      <ImpactStats />
    </>
  );
}

/** For the server's drawing of the home page (web/app/router.tsx): every section's data it can have. */
export const loadHomeSections = (client: QueryClient) =>
  Promise.all([prefetchFeatured(client), prefetchHomeContent(client)]);
