import { useRef, type ReactNode } from 'react';
import { Page } from '@/ui/page';
import { ProgressBar } from '@/ui/progress-bar';
import { StepHeading, useStepFocus } from '@/ui/steps';

export const STEP_COUNT = 2;

/** The wizard's frame for every kind: the page, the progress through the steps, and the step's heading (focused when the step changes). */
export function WizardShell({
  step,
  stepTitle,
  intro,
  children,
  title = 'Complete Your Profile',
}: {
  title?: string;
  step: 1 | 2;
  stepTitle: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useStepFocus(String(step), headingRef);
  const percent = (step / STEP_COUNT) * 100;
  return (
    <Page title={title} intro={intro}>
      <div className="max-w-2xl space-y-6">
        <ProgressBar
          label="Onboarding progress"
          value={percent}
          valueText={`Step ${step} of ${STEP_COUNT}, ${percent}%`}
        />
        <StepHeading headingRef={headingRef}>
          Step {step} of {STEP_COUNT}: {stepTitle}
        </StepHeading>
        {children}
      </div>
    </Page>
  );
}
