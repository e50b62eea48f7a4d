import type { ComponentType } from 'react';
import { Header } from '@/app/header';
import { CardQuickAdd } from '@/features/campaigns/card-quick-add';
import { GiveBox } from '@/features/campaigns/give-box';
import { SearchForm } from '@/features/campaigns/search-form';
import { StoriesCarousel } from '@/features/content/stories-carousel';
import { ShareControl } from '@/ui/share-control';
import type { IslandName, PageIslandName } from './names';

type Island = ComponentType<never>;

/** The islands of the public pages visitors land on, in the light entry itself. */
const SHARED: Record<Exclude<IslandName, PageIslandName>, Island> = {
  header: Header,
  'give-box': GiveBox,
  share: ShareControl,
  'search-form': SearchForm,
  'quick-add': CardQuickAdd,
  stories: StoriesCarousel,
};

/** An island only one page holds: loaded by that page, so no other light page carries its code. */
const ON_ONE_PAGE: Record<PageIslandName, () => Promise<Island>> = {
  login: () => import('@/features/accounts/login-card').then((m) => m.LoginCard),
  contact: () => import('@/features/content/contact-form').then((m) => m.ContactForm),
  receipts: () => import('@/features/giving/receipts-form').then((m) => m.ReceiptsForm),
};

/**
 * What each island renders (web/islands/island.tsx): at once for the shared ones, after a load for
 * the rest; undefined for a name no island has.
 */
export function islandComponent(name: string): Island | Promise<Island> | undefined {
  if (Object.hasOwn(SHARED, name)) return SHARED[name as keyof typeof SHARED];
  if (Object.hasOwn(ON_ONE_PAGE, name)) return ON_ONE_PAGE[name as PageIslandName]();
  return undefined;
}
