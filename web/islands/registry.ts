import type { ComponentType } from 'react';
import { Header } from '@/app/header';
import { CardQuickAdd } from '@/features/campaigns/card-quick-add';
import { GiveBox } from '@/features/campaigns/give-box';
import { SearchForm } from '@/features/campaigns/search-form';
import { StoriesCarousel } from '@/features/content/stories-carousel';
import { ShareControl } from '@/ui/share-control';
import type { IslandName } from './names';

/** What each island renders (web/islands/island.tsx); a light page loads them all with its entry. */
export const ISLANDS: Record<IslandName, ComponentType<never>> = {
  header: Header,
  'give-box': GiveBox,
  share: ShareControl,
  'search-form': SearchForm,
  'quick-add': CardQuickAdd,
  stories: StoriesCarousel,
};
