import { FeaturedHighlights } from '@/features/campaigns/featured-highlights';
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
