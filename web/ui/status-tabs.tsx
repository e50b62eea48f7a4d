import { Link } from 'react-router';

/**
 * A queue's status tabs: links, so each status has its own address (`?status=`) and the browser's
 * back button works; the first status is the queue itself, at the bare path. `hrefOf` gives each
 * its own path instead, for tabs that are pages of their own.
 */
export function StatusTabs<S extends string>({
  label,
  path,
  statuses,
  words,
  current,
  hrefOf,
}: {
  label: string;
  path: string;
  statuses: readonly S[];
  words: Record<S, string>;
  current: S;
  hrefOf?: (value: S) => string;
}) {
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="flex flex-wrap gap-3">
        {statuses.map((value, index) => (
          <li key={value}>
            <Link
              to={hrefOf ? hrefOf(value) : index === 0 ? path : `${path}?status=${value}`}
              aria-current={value === current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg border-2 px-4 py-2 text-lg ${
                value === current
                  ? 'border-gray-900 bg-orange-50 font-bold underline decoration-2 underline-offset-4 dark:border-white dark:bg-gray-800'
                  : 'border-gray-400 font-medium hover:bg-gray-100 dark:border-gray-500 dark:hover:bg-gray-800'
              }`}
            >
              {words[value]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
