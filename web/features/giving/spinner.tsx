/** Decorative: the words beside it say what is happening. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-5 shrink-0 animate-spin rounded-full border-3 border-gray-300 border-t-brand-dark dark:border-gray-600 dark:border-t-brand-light"
    />
  );
}
