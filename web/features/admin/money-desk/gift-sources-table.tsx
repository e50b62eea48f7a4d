import { useQuery } from '@tanstack/react-query';
import { GIFT_SOURCE_WORDS } from '@contract/gift-sources';
import { giftSourceTotalsSchema } from '@contract/gift-source-totals';
import { formatNaira } from '@contract/money';
import { apiGet, retryUnlessRefused } from '@/lib/api';
import { ErrorMessage, LoadingState } from '@/ui/feedback';
import { DataTable, cellClass } from '@/ui/table';

const countFormat = new Intl.NumberFormat('en-NG');

const useGiftSources = () =>
  useQuery({
    queryKey: ['admin', 'gift-sources'],
    queryFn: async () => giftSourceTotalsSchema.parse(await apiGet<unknown>('/admin/gift-sources')),
    retry: retryUnlessRefused,
  });

/**
 * Paid gifts by the share link that led to them, with what they gave (covered fees left out). Its
 * own loading and failure, so the review lists never wait for it.
 */
export function GiftSourcesSection() {
  const sources = useGiftSources();
  return (
    <section aria-labelledby="gift-sources" className="mt-10 space-y-3">
      <h2 id="gift-sources" className="text-2xl font-bold">
        Where gifts come from
      </h2>
      {sources.data ? (
        <DataTable
          label="Gifts by source table"
          caption="Gifts by source"
          columns={['Source', 'Gifts', 'Amount']}
          minWidth="min-w-sm"
        >
          {sources.data.map((row) => (
            <tr key={row.source} className="border-t border-gray-200 dark:border-gray-700">
              <th scope="row" className={`${cellClass} font-normal`}>
                {GIFT_SOURCE_WORDS[row.source]}
              </th>
              <td className={cellClass}>{countFormat.format(row.gifts)}</td>
              <td className={cellClass}>{formatNaira(row.amountKobo)}</td>
            </tr>
          ))}
        </DataTable>
      ) : sources.isError ? (
        <ErrorMessage>Failed to fetch gifts by source.</ErrorMessage>
      ) : (
        <LoadingState>Loading gifts by source...</LoadingState>
      )}
      <p className="text-gray-700 dark:text-gray-300">
        Paid gifts, counted by the share link that brought the donor (within 7 days); amounts leave out payment fees
        donors covered.
      </p>
    </section>
  );
}
