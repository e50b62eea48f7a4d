import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What a mailed link did, said where the button was: focus moves to it, so a screen reader hears
 * it at once and focus never drops to the page when the button goes away.
 */
export function LinkOutcome({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="space-y-4 rounded-lg border border-green-700 bg-green-50 p-4 text-lg text-green-950 outline-none focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-blue-700 dark:border-green-400 dark:bg-green-950 dark:text-green-50 dark:focus-visible:outline-orange-300"
    >
      {children}
    </div>
  );
}
