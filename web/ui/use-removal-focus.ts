import { useEffect, useRef, useState } from 'react';
import { focusPageHeading } from '@/lib/page';

type Id = string | number;

/**
 * Where focus goes when the row a person acted on leaves its list (a caseworker removed, an
 * invitation withdrawn, a message hidden), so it never falls to the page: the first control of the
 * next row, else of the row before, else `fallback` (a named place such as the list's heading),
 * else the page's heading. Each row's controls sit in an element with the id `actionsId(id)`.
 *
 * `start(id)` as the act begins (the neighbours are read while the row is there); `done()` once it
 * succeeded and any dialog that asked first has closed (its own return of focus would otherwise
 * fight this one); `cancel()` when it failed, and focus stays where it is.
 */
export function useRemovalFocus(ids: readonly Id[], prefix: string, fallback?: () => HTMLElement | null | undefined) {
  const leaving = useRef<{ id: Id; neighbours: Id[]; ready: boolean } | null>(null);
  const [settled, setSettled] = useState(0);
  const fallbackRef = useRef(fallback);
  useEffect(() => {
    fallbackRef.current = fallback;
  });
  const actionsId = (id: Id) => `${prefix}-${id}-actions`;

  useEffect(() => {
    const gone = leaving.current;
    if (!gone?.ready || ids.includes(gone.id)) return;
    leaving.current = null;
    const next = gone.neighbours.find((id) => ids.includes(id));
    const control =
      next === undefined
        ? null
        : document.getElementById(`${prefix}-${next}-actions`)?.querySelector<HTMLElement>('button, a[href]');
    const place = control ?? fallbackRef.current?.();
    if (place) {
      if (!place.matches('button, a[href], input, select, textarea, [tabindex]')) place.tabIndex = -1;
      place.focus();
    } else focusPageHeading();
  }, [ids, prefix, settled]);

  return {
    actionsId,
    start(id: Id) {
      const at = ids.indexOf(id);
      const neighbours = [ids[at + 1], ids[at - 1]].filter((n): n is Id => n !== undefined);
      leaving.current = { id, neighbours, ready: false };
    },
    done() {
      if (leaving.current) leaving.current.ready = true;
      setSettled((n) => n + 1);
    },
    cancel() {
      leaving.current = null;
    },
  };
}
