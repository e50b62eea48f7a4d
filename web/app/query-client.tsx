import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The one query cache of the app. It lives in a lazily loaded module so the first paint of the home
 * page needs no TanStack Query code: the pages, the home page's data sections and the notification
 * bell load it with their own code (web/app/lazy.tsx) and each renders under its own provider of
 * this same client, so they share one cache.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
