import type { ReactNode } from 'react';

const layouts = {
  auto: 'gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]',
  compact: 'grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-base',
  stacked: 'gap-y-0.5 [&_dd]:mb-2',
};

/**
 * Names and their values as a description list. By default (`auto`) the pairs stack on narrow
 * screens and sit side by side from `sm`; `compact` keeps two columns always, in smaller type
 * (specifications); `stacked` puts each value under its name, for narrow columns.
 */
export function Facts({
  facts,
  layout = 'auto',
  className = '',
}: {
  facts: [string, ReactNode][];
  layout?: keyof typeof layouts;
  className?: string;
}) {
  if (!facts.length) return null;
  return (
    <dl className={`grid ${layouts[layout]} ${className}`}>
      {facts.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold text-gray-700 dark:text-gray-300">{name}</dt>
          <dd className="min-w-0 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
