import type { ComponentType } from 'react';
import type { IslandName } from './names';

/**
 * A part of a page that a light page brings to life on its own (decision 0058): its markup is the
 * component's, inside an element naming it and carrying its props, from which web/light.tsx
 * hydrates it as a root of its own. Inside the app it is the component as any other.
 *
 * The component must render from its props alone: no router, no query cache, and no context but
 * the link kit's default (web/lib/link-kit.tsx); module stores (the gift bag, the session, settings)
 * are fine, with the snapshot they hydrate with. Its props must survive JSON. An id its code looks up
 * or changes after hydration (a tab's panel) comes from a fixed string, not `useId`: hydrated alone,
 * the island computes other ids than the server drew, and hydration keeps the server's.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...props} />
    </div>
  );
}
