import { Island } from '@/islands/island';
import { useStories } from './api';
import { StoriesCarousel } from './stories-carousel';

export function SuccessStories() {
  const { data, isPending, isError } = useStories();
  if (isPending || isError || !data || data.length === 0) return null;
  return <Island name="stories" component={StoriesCarousel} props={{ stories: data }} />;
}
