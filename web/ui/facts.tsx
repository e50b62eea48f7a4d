import type { ReactNode } from 'react';

/**
 * Names and their values as a description list. By default the pairs stack on narrow screens and
 * sit side by side from `sm`; `compact` keeps two columns always, in smaller type (specifications).
 */
export function Facts({ facts, compact = false, className = '' }: { facts: [string, ReactNode][]; compact?: boolean; className?: string }) {
  if (!facts.length) return null;
  return (
    <dl className={`grid ${compact ? 'grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-base' : 'gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]'} ${className}`}>
      {facts.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold text-gray-700 dark:text-gray-300">{name}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
