import type { ReactNode } from 'react';

/** One bar and the row of the table beside it: the row's name, and each column's text. */
export type LedgerRow = { key: string; label: string; value: number; cells: readonly ReactNode[] };

const cell = 'border-b border-gray-200 px-2 py-2 align-top dark:border-gray-700';

/**
 * A bar chart drawn as inline SVG with the same figures as a table beside it (decision 0036). The
 * chart is hidden from screen readers, which read the table (its caption and headers) instead.
 * Bars are a share of the container's width, so the chart fits any screen without scrolling.
 */
export function LedgerChart({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** The table's column headers: the row names' column first. */
  columns: readonly string[];
  rows: readonly LedgerRow[];
}) {
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <div aria-hidden="true" className="min-w-0 space-y-3">
        {rows.map((r) => (
          <div key={r.key} className="min-w-0">
            <div className="flex flex-wrap justify-between gap-x-2 text-sm text-gray-800 dark:text-gray-200">
              <span className="min-w-0 [overflow-wrap:anywhere]">{r.label}</span>
              <span className="font-semibold">{r.cells[0]}</span>
            </div>
            <svg className="mt-1 block h-3 w-full" focusable="false">
              <rect width="100%" height="100%" rx="3" className="fill-gray-200 dark:fill-gray-800" />
              {r.value > 0 ? (
                <rect
                  width={`${Math.max(1, (r.value / max) * 100)}%`}
                  height="100%"
                  rx="3"
                  className="fill-brand-dark dark:fill-orange-300"
                />
              ) : null}
            </svg>
          </div>
        ))}
      </div>
      <table className="w-full min-w-0 border-collapse text-left text-sm sm:text-base">
        <caption className="mb-2 text-left font-semibold text-gray-900 dark:text-gray-100">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={`${cell} font-semibold`}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="text-gray-900 dark:text-gray-100">
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className={`${cell} font-normal [overflow-wrap:anywhere]`}>
                {r.label}
              </th>
              {r.cells.map((c, i) => (
                <td key={i} className={`${cell} tabular-nums`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
