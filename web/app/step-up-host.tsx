import { lazy, Suspense, useEffect, useState } from 'react';
import { whenStepUpRequired } from '@/lib/api';

const StepUpDialog = lazy(() => import('@/features/accounts/security/step-up-dialog'));

/**
 * Holds the step-up dialog (docs/decisions/0071): when an act answers `step_up_required`, the API
 * layer asks here, the dialog (loaded then) asks for a code or a passkey, and the act is sent again.
 */
export function StepUpHost() {
  const [pending, setPending] = useState<((passed: boolean) => void) | null>(null);
  useEffect(() => {
    whenStepUpRequired(() => new Promise<boolean>((resolve) => setPending(() => resolve)));
  }, []);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog
        onDone={(passed) => {
          pending(passed);
          setPending(null);
        }}
      />
    </Suspense>
  );
}
