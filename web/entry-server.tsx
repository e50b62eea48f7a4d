import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createQueryClient, dehydrateQueries, renderWithClient } from './app/query-client';
import { AppRoutes, loadForServer } from './app/router';
import { setApiTransport } from './lib/api';
import { documentTitle, SITE_NAME } from '@contract/site';
import { drawnTitle } from './lib/page';

/** A public page as the server draws it: its title, the markup inside #root, and the data it was drawn with (or null). */
export type RenderedPage = {
  title: string;
  html: string;
  state: unknown;
  /** No section's data failed: none is drawn loading, for the browser to fetch. */
  complete: boolean;
};

/**
 * The server's drawing of the public pages (decision 0022), built beside the web app as
 * dist/ssr/entry-server.js and used by server/http/page-html.ts. `api` answers the web app's own
 * API calls inside the server (the same routes and replies a browser gets). Each page is drawn as
 * a signed-out visitor with no stored settings sees it first, from its own query cache, and the
 * browser then hydrates that markup in place (web/main.tsx).
 */
export function createPageRenderer(api: (url: string, init: RequestInit) => Promise<Response>) {
  setApiTransport(api);
  /** The page at `pathname`, or null for a page the server leaves to the browser or whose data it could not have. */
  return async function renderPage(pathname: string): Promise<RenderedPage | null> {
    const client = createQueryClient();
    // A page whose data could not be had (a campaign that is not public, the database busy) is left
    // to the browser, which shows its own answer for it.
    if (!(await loadForServer(pathname, client).catch(() => false))) return null;
    drawnTitle.current = undefined;
    const html = renderWithClient(client, () =>
      renderToString(
        <StrictMode>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </StrictMode>,
      ),
    );
    const queries = client.getQueryCache().getAll();
    const state = queries.length > 0 ? dehydrateQueries(client) : null;
    // A section whose data the server asked for and could not have is drawn loading (decision 0055);
    // a query no section runs yet (a search with no words) is no gap.
    const complete = queries.every((query) => query.state.status !== 'error');
    client.clear();
    // Without a <head> to put them in, React writes a preload for each image at the start of the
    // markup; the images are named right after, and the page's top image in the head already.
    return {
      // What a screen reader says first on arriving: the page's own title, as the page then sets it.
      title: documentTitle(drawnTitle.current ?? SITE_NAME),
      html: html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, ''),
      state,
      complete,
    };
  };
}
