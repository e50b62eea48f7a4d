import { Suspense, useEffect, useState } from 'react';
import { whenStepUpRequired } from '@/lib/api';

import { lazyComponent } from './lazy';

// Loaded with the query cache's provider the first time an act asks.
const StepUpDialog = lazyComponent<{ onDone: (passed: boolean) => void; layer?: Element }>(
  () => import('@/features/accounts/security/step-up-dialog'),
);

/**
 * Holds the step-up dialog (docs/decisions/0071): when an act answers `step_up_required`, the API
 * layer asks here, the dialog (loaded then) asks for a code or a passkey, and the act is sent again.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<((passed: boolean) => void) | null>(null);
  // The act that asks is often in a dialog of its own: this one opens over it, in a layer that
  // dialog's hiding of the rest of the page leaves alone.
  const [layer] = useState(() => {
    if (typeof document === 'undefined') return undefined;
    const element = document.createElement('div');
    element.setAttribute('data-react-aria-top-layer', '');
    document.body.append(element);
    return element;
  });
  useEffect(() => {
    whenStepUpRequired(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        layer={layer}
        onDone={(passed) => {
          pending(passed);
          setPending(null);
        }}
      />
    </Suspense>
  );
}
