import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { announce } from '@/lib/announce';

export function StepHeading({
  id,
  headingRef,
  children,
}: {
  id?: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 dark:text-gray-100">
      {children}
    </h2>
  );
}

/**
 * After the visitor moves between steps (not on first render), focus goes to the new step's heading
 * and the step is announced, so screen reader users know the page changed under them.
 */
export function useStepFocus(step: string, headingRef: RefObject<HTMLHeadingElement | null>) {
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus();
    announce(heading.textContent ?? '');
  }, [step, headingRef]);
}
