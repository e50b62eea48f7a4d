import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard's grid of cards, each a list item; the heading is the link, the whole card its target. */
export function DashboardCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {children}
    </ul>
  );
}

export function DashboardCard({
  to,
  title,
  icon: Icon,
  children,
}: {
  to: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <li className="relative flex flex-col rounded-xl border-2 border-gray-300 bg-white p-5 focus-within:border-brand-dark hover:border-brand-dark dark:border-gray-700 dark:bg-gray-900 dark:focus-within:border-orange-300 dark:hover:border-orange-300">
      <Icon aria-hidden="true" className="size-8 text-brand-dark dark:text-orange-300" />
      <h2 className="mt-3 text-xl font-bold">
        {/* The link's box covers the card, so the whole card is one target with one name. */}
        <Link
          to={to}
          className="underline decoration-2 after:absolute after:inset-0 after:rounded-xl hover:decoration-4"
        >
          {title}
        </Link>
      </h2>
      <div className="mt-2 text-gray-700 dark:text-gray-300">{children}</div>
    </li>
  );
}

/** Figures in a row of tiles under a heading; each label and its number are read together. */
export function FigureTiles({
  title,
  figures,
}: {
  title: string;
  figures: { label: string; value: ReactNode; icon: LucideIcon }[];
}) {
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title" className="text-2xl font-bold">
        {title}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {figures.map(({ label: name, value, icon: Icon }) => (
          <div
            key={name}
            className="rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900"
          >
            <dt className="flex items-center gap-2 font-semibold text-gray-800 dark:text-gray-200">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-brand-dark dark:text-orange-300" />
              {name}
            </dt>
            <dd className="mt-2 text-3xl font-extrabold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
