import { lazy, Suspense, useState, type ComponentProps } from 'react';

const ModalDialog = lazy(() => import('./dialog').then((m) => ({ default: m.ModalDialog })));

/**
 * The modal dialog (web/ui/dialog.tsx) opened with `isOpen`, whose code (React Aria's overlays and
 * focus handling) is requested the first time it opens rather than with the page: a public page
 * whose dialog most visitors never open downloads none of it (decision 0050). Focus stays where it
 * is while the code arrives, then moves into the dialog, and returns there when it closes.
 */
export function DialogOnDemand(props: ComponentProps<typeof ModalDialog> & { isOpen: boolean }) {
  const [wanted, setWanted] = useState(props.isOpen);
  if (props.isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
