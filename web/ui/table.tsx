import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflowsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export const cellClass = 'px-4 py-3';

/**
 * The one data table: a caption, column headers with `scope`, and rows the caller gives (a row's
 * first cell is a `<th scope="row">`). On a narrow screen the table scrolls inside a labelled,
 * focusable region (so keyboard users can scroll it) and says so, instead of widening the page.
 */
export function DataTable({
  label,
  caption,
  columns,
  children,
  minWidth = 'min-w-xl',
  sorted,
  bodyRef,
}: {
  /** The region's name, e.g. 'Gifting history table'. */
  label: string;
  caption: string;
  columns: readonly string[];
  children: ReactNode;
  minWidth?: string;
  /** The column the rows are ordered by, announced on its header. */
  sorted?: { column: string; direction: 'ascending' | 'descending' };
  /** The body, for a list that loads more rows and moves focus to the first new one. */
  bodyRef?: RefObject<HTMLTableSectionElement | null>;
}) {
  const [scroller, overflows] = useOverflowsSideways<HTMLDivElement>();
  return (
    <>
      {overflows ? (
        <p className="mb-2 text-gray-700 dark:text-gray-300">Scroll the table sideways to see every column.</p>
      ) : null}
      {/* Relative, so visually hidden text is clipped by this scroller instead of widening the page. */}
      <div
        ref={scroller}
        role="region"
        aria-label={label}
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-gray-300 bg-white focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-gray-700 dark:bg-gray-900 dark:focus-visible:outline-orange-300"
      >
        <table className={`w-full ${minWidth} border-collapse text-left`}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-gray-100 text-sm font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100">
            <tr>
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  className={cellClass}
                  aria-sort={sorted?.column === column ? sorted.direction : undefined}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={bodyRef} className="text-gray-900 dark:text-gray-100">
            {children}
          </tbody>
        </table>
      </div>
    </>
  );
}
