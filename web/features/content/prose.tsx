import type { ReactNode } from 'react';

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-gray-700 dark:marker:text-gray-300">{children}</ul>;
}

export function LastUpdated() {
  return (
    <p>
      Last updated: <time dateTime="2025-08-31">August 31, 2025</time>
    </p>
  );
}

/** A smaller heading inside a Section, keeping the h2 then h3 order. */
export function SubHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h3 id={id} className="pt-2 text-xl font-bold text-gray-900 dark:text-gray-100">
      {children}
    </h3>
  );
}
