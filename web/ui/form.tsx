import { AlertCircle } from 'lucide-react';

/** A text field's classes; the red border is extra, the error text below it says what is wrong. */
export const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full min-h-12 rounded-lg border-2 bg-white px-3 py-2 text-lg text-gray-900 read-only:bg-gray-100 dark:bg-gray-900 dark:text-gray-100 dark:read-only:bg-gray-800 ${
    invalid ? 'border-red-700 dark:border-red-400' : 'border-gray-700 dark:border-gray-300'
  }`;

/** The message under a field, linked to it with aria-describedby; "Error:" is spoken first. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 flex items-start gap-1.5 font-medium text-red-800 dark:text-red-300">
      <AlertCircle aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <span>
        <span className="sr-only">Error: </span>
        {children}
      </span>
    </p>
  );
}
