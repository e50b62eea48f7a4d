import { use, type ComponentType } from 'react';

/** A component whose code loads on demand; `preload()` starts (or joins) the download. */
export type Lazy<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

const queryProvider = () => import('./query-client');

/**
 * Like React.lazy, with a `preload()` the navigator awaits before it changes the address
 * (web/app/navigation.ts), so a page's code is in before the page is shown and it renders at once,
 * without a loading state. With `queries` (the default) the component renders under the query
 * client's provider, whose code loads beside its own: the home page paints without TanStack Query.
 * A failed download is thrown while rendering, for the route's error boundary.
 */
export function lazyComponent<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { queries = true }: { queries?: boolean } = {},
): Lazy<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), queries ? queryProvider() : null]).then(([module, provider]) => {
      const Component = module.default;
      if (!provider) return (loaded = Component);
      const { QueryProvider } = provider;
      return (loaded = (props: P) => (
        <QueryProvider>
          <Component {...props} />
        </QueryProvider>
      ));
    }));
  function LazyComponent(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(LazyComponent, { preload });
}
