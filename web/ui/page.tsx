import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page';

/** A page with its one h1; the title names the browser tab and is announced on navigation. */
export function Page({
  title,
  heading,
  intro,
  children,
  wide = false,
}: {
  title: string;
  heading?: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  wide?: boolean;
}) {
  usePageTitle(title);
  return (
    <div className={`mx-auto w-full ${wide ? 'max-w-7xl' : 'max-w-4xl'} px-4 py-10 sm:px-6 lg:px-8`}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading ?? title}</h1>
      {intro ? <div className="mt-3 text-lg text-gray-700 dark:text-gray-300">{intro}</div> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id ? `${id}-title` : undefined} id={id} className="mt-10 first:mt-0">
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-lg leading-relaxed text-gray-800 dark:text-gray-200">{children}</div>
    </section>
  );
}
