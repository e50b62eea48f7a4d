import type { QueryClient } from '@tanstack/react-query';
import { fundraiserQuery } from '@/lib/campaign-fundraisers';

/** For the server's drawing of a fundraiser's page: rejects when it could not be had (not public), so the browser draws it. */
export const loadFundraiserPage = (client: QueryClient, slug: string | undefined) =>
  client.fetchQuery({ ...fundraiserQuery(slug ?? ''), retry: false });
