import type { ReactNode } from 'react';

/** A visible verb and, for screen readers, which campaign it acts on. */
export function Verb({ children, about }: { children: ReactNode; about: string }) {
  return (
    <>
      {children}
      <span className="sr-only"> {about}</span>
    </>
  );
}
