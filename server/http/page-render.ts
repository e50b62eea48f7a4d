import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PageRender } from './page-html';

type RendererModule = {
  createPageRenderer(api: (url: string, init: RequestInit) => Promise<Response>): PageRender;
};

/**
 * Pages drawn at once, at most. Beyond them a visitor gets the page the browser draws (index.html),
 * which costs the server nothing: a rush of page views never slows the API down.
 */
export const MAX_DRAWING = 8;

/**
 * The server's drawing of the public pages (decision 0022): the build's dist/ssr/entry-server.js,
 * beside the web app's directory, or undefined when the build has none (pages are then drawn in the
 * browser only). Its API calls are answered by this app in the same process, as GET requests that
 * carry nothing of the visitor's: what it draws is what any signed-out visitor gets, from the same
 * replies (and caches) the API gives. Visitors asking for the same page at the same moment share one
 * drawing. The page is then kept beside the API's public replies, and forgotten with them
 * (server/http/page-cache.ts, decision 0048). A drawing that fails is logged and the visitor gets
 * index.html, which is not kept.
 *
 * The drawing's module (the whole web app, about a megabyte) is loaded by `warm`, which the app calls
 * once it listens (decision 0059), or by the first page asked for before that; a failed load is tried
 * again by the next page.
 */
export function loadPageRender(
  app: FastifyInstance,
  webDir: string,
): (PageRender & { warm: () => Promise<void> }) | undefined {
  const entry = path.join(webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  let loading: Promise<ReturnType<RendererModule['createPageRenderer']>> | undefined;
  const renderer = () => {
    loading ??= import(pathToFileURL(entry).href).then((module: RendererModule) => module.createPageRenderer(api));
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const api = async (url: string, init: RequestInit) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('The server draws pages with GET requests only.');
    const reply = await app.inject({ method: 'GET', url });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (typeof value === 'string' || typeof value === 'number') headers.set(name, String(value));
    }
    return new Response(reply.statusCode === 204 || reply.statusCode === 304 ? null : reply.body, {
      status: reply.statusCode,
      headers,
    });
  };
  const drawing = new Map<string, ReturnType<PageRender>>();
  const draw: PageRender = (urlPath) => {
    const shared = drawing.get(urlPath);
    if (shared) return shared;
    if (drawing.size >= MAX_DRAWING) return Promise.resolve(null);
    const page = renderer()
      .then((render) => render(urlPath))
      .catch((error: unknown) => {
        app.log.warn({ err: error, url: urlPath }, 'drawing a page on the server failed; index.html was sent');
        return null;
      })
      .finally(() => drawing.delete(urlPath));
    drawing.set(urlPath, page);
    return page;
  };
  return Object.assign(draw, {
    warm: async () => {
      try {
        await renderer();
      } catch (error) {
        app.log.warn(
          { err: error },
          'loading the server drawing of pages failed; the first page asked for tries again',
        );
      }
    },
  });
}
