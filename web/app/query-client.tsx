import { QueryClient, QueryClientProvider, dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } },
  });

/**
 * The one query cache of the app. It lives in a lazily loaded module so the first paint of the home
 * page needs no TanStack Query code: the pages, the home page's data sections and the notification
 * bell load it with their own code (web/app/lazy.tsx) and each renders under its own provider of
 * this same client, so they share one cache.
 */
export const queryClient = createQueryClient();

/** The client the providers hand out: the app's own, or while the server renders a page, that page's. */
let current = queryClient;

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={current}>{children}</QueryClientProvider>;
}

/**
 * Runs a synchronous render with `client` behind every provider (web/entry-server.tsx): each page
 * the server renders has a cache of its own, holding only the public data that page shows.
 */
export function renderWithClient<T>(client: QueryClient, render: () => T): T {
  const previous = current;
  current = client;
  try {
    return render();
  } finally {
    current = previous;
  }
}

/** What a server-rendered page's cache held, to embed in its HTML. */
export const dehydrateQueries = (client: QueryClient): DehydratedState => dehydrate(client);

/** Puts the data a server-rendered page was drawn with into the app's cache before it hydrates (web/main.tsx). */
export function restoreQueries(state: unknown): void {
  hydrate(queryClient, state as DehydratedState);
}
