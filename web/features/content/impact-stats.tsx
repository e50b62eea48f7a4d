import { Link } from 'react-router';
import { formatNaira } from '@contract/money';
import { groupDigits } from '@contract/plain-format';
import { statIcon } from '@/ui/stat-icons';
import { textLink } from '@/ui/text-link';
import { useStats, useTransparency } from './api';

/**
 * One column on phones, two from small screens, three from medium up (as the outline while loading,
 * a md:grid-cols-3 grid). The figures are a wrapping, centred flex row of cards a third wide (less
 * the gaps) rather than that grid, so a last row that is not full is centred instead of left-aligned.
 * Literal class names, so Tailwind finds them.
 */
const statCardWidth = 'w-full sm:w-auto sm:basis-[calc((100%-1.5rem)/2)] md:basis-[calc((100%-3rem)/3)]';

/**
 * The three computed figures beside the typed ones (decision 0036), labelled as coming from the
 * records, with the way to the whole ledger. Nothing while they load or if they could not be had.
 */
function RecordedFigures() {
  const { data } = useTransparency();
  if (!data) return null;
  const figures = [
    { label: 'Money raised', value: formatNaira(data.money.raised_kobo) },
    { label: 'Devices funded', value: groupDigits(data.devices.funded) },
    { label: 'Devices delivered', value: groupDigits(data.devices.delivered) },
  ];
  return (
    <div className="mt-12 text-center">
      <h3 className="text-2xl font-bold">Figures from our records</h3>
      <dl className="mt-6 flex flex-wrap justify-center gap-6">
        {figures.map((f) => (
          <div
            key={f.label}
            className={`min-w-0 rounded-xl border border-gray-300 bg-white p-6 ${statCardWidth} dark:border-gray-700 dark:bg-gray-950`}
          >
            <dt className="text-lg text-gray-800 dark:text-gray-200">{f.label}</dt>
            <dd className="mt-1 text-3xl font-extrabold [overflow-wrap:anywhere]">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-lg">
        <Link to="/transparency" className={textLink}>
          See the full ledger
        </Link>
      </p>
    </div>
  );
}

export function ImpactStats() {
  const { data, isPending } = useStats();
  const ledger = useTransparency();
  const noStats = !isPending && (!data || data.length === 0);
  if (noStats && !ledger.data) return null;
  return (
    // Full-bleed and last on the home page: the layout lets a bleed-end section meet the footer with no band between.
    <section aria-labelledby="impact-title" className="bleed-end bg-gray-50 py-16 dark:bg-gray-900">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="impact-title" className="text-center text-3xl font-bold">
          Our Impact at a Glance
        </h2>
        <p className="mt-3 text-center text-lg text-gray-700 dark:text-gray-300">
          Every gift contributes to a growing movement of empowerment and accessibility.
        </p>
        {isPending ? (
          <div role="status" className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
            <span className="sr-only">Loading our impact figures...</span>
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="h-40 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-800" />
            ))}
          </div>
        ) : noStats ? null : (
          <ul className="mt-10 flex flex-wrap justify-center gap-6">
            {data!.map((s) => {
              const Icon = statIcon(s.icon_name);
              return (
                <li
                  key={`${s.title}-${s.icon_name}`}
                  className={`flex min-w-0 flex-col items-center rounded-xl border border-gray-300 bg-white p-6 ${statCardWidth} text-center dark:border-gray-700 dark:bg-gray-950`}
                >
                  <Icon aria-hidden="true" className="size-10 text-brand-dark dark:text-orange-300" />
                  <p className="mt-3 text-4xl font-extrabold">{groupDigits(s.stat_value)}+</p>
                  <p className="mt-1 text-lg text-gray-800 dark:text-gray-200">{s.title}</p>
                </li>
              );
            })}
          </ul>
        )}
        <RecordedFigures />
      </div>
    </section>
  );
}
