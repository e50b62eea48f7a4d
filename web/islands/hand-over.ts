/** What finding an element's place needs of the DOM (an Element has it). */
type Tree = { readonly parentElement: Tree | null; readonly children: ArrayLike<Tree> };

/**
 * Where a light page's click lands once the app has taken the page over (decision 0058): the same
 * element in the app's drawing of the same page, found by its place among the elements of #root.
 */
export function placeOf(root: Tree, element: Tree): number[] {
  const place: number[] = [];
  for (let at: Tree = element; at !== root && at.parentElement; at = at.parentElement)
    place.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  return place;
}

export const elementAt = <T extends Tree>(root: T, place: number[]): T | undefined =>
  place.reduce<T | undefined>((at, index) => at?.children[index] as T | undefined, root);

/** What deciding where a link goes needs of an anchor (an HTMLAnchorElement has it). */
type Anchor = { readonly href: string; readonly target: string; hasAttribute(name: string): boolean };

/**
 * The address a click on `anchor` opens inside the app, or null for one the browser should follow
 * itself: another site, a new tab, a download, a place on this page, or the API (a poster, a file).
 */
export function appAddress(anchor: Anchor, here: Pick<Location, 'href' | 'origin' | 'pathname' | 'search'>) {
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, here.href);
  if (url.origin !== here.origin || url.pathname.startsWith('/api/')) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}
