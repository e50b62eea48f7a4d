import type { ReactNode } from 'react';

export function LoadingState({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-lg text-gray-700 dark:text-gray-300">
      <span
        aria-hidden="true"
        className="inline-block size-5 animate-spin rounded-full border-3 border-gray-300 border-t-brand-dark dark:border-gray-600 dark:border-t-brand-light"
      />
      {children}
    </div>
  );
}

export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-lg border-2 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800 dark:border-red-400 dark:bg-red-950 dark:text-red-200"
    >
      {children}
    </p>
  );
}

export function InfoMessage({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="rounded-lg border-2 border-gray-300 bg-gray-50 px-4 py-3 text-gray-800 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
    >
      {children}
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-xl border-2 border-dashed border-gray-300 px-6 py-10 text-center dark:border-gray-700"
    >
      <p className="text-lg font-semibold">{title}</p>
      {children ? <div className="mt-3 text-gray-700 dark:text-gray-300">{children}</div> : null}
    </div>
  );
}

/**
 * The outcome a navigation carried to this page (`carrying`, web/lib/page.ts), drawn like a success
 * message. No live region: the page's announcement already says it, once.
 */
export function ArrivalNote({ children }: { children: string | null }) {
  return children ? (
    <p className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-lg text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
      {children}
    </p>
  ) : null;
}

/** Success and progress messages, in a region present from the start so its changes are read out. */
export function StatusBox({ children }: { children?: ReactNode }) {
  return (
    <div role="status">
      {children ? (
        <div className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-lg text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
          {children}
        </div>
      ) : null}
    </div>
  );
}
