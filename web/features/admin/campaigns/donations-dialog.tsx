import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import type { CampaignKind } from '@contract/ids';
import { formatNaira } from '@contract/money';
import { Button } from '@/ui/button';
import { ModalDialog } from '@/ui/dialog';
import { QueryView } from '@/ui/query-view';
import { cellClass } from '@/ui/table';
import { dateFormat } from '../shared/admin-format';
import { useDonations } from './campaigns-api';

const count = new Intl.NumberFormat('en-NG');

/**
 * Product notes 2: 'Donations for Campaign #{id}', a table that scrolls beyond about 24rem, and a
 * Close button. The same view for either kind of campaign.
 */
export function DonationsDialog({
  kind,
  campaignId,
  onClose,
}: {
  kind: CampaignKind;
  campaignId: number;
  onClose: () => void;
}) {
  const donations = useDonations(kind, campaignId);
  return (
    <ModalDialog
      title={`Donations for Campaign #${campaignId}`}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      closeButton
    >
      <div className="mt-4">
        <QueryView query={donations} failed="Could not fetch donations." empty="No donations yet for this campaign.">
          {(rows) => (
            <div
              role="region"
              aria-label="Donations"
              tabIndex={0}
              className="max-h-96 overflow-auto rounded-lg border border-gray-300 focus-visible:outline-4 focus-visible:outline-blue-700 dark:border-gray-700 dark:focus-visible:outline-orange-300"
            >
              <table className="w-full min-w-lg border-collapse text-left">
                <caption className="sr-only">Donations for campaign #{campaignId}</caption>
                <thead className="sticky top-0 bg-gray-100 text-sm font-semibold dark:bg-gray-800">
                  <tr>
                    {['Donor', 'Units Funded', 'Amount', 'Date'].map((c) => (
                      <th key={c} scope="col" className={cellClass}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((d) => (
                    <tr key={d.id} className="border-t border-gray-200 dark:border-gray-700">
                      <th scope="row" className={`${cellClass} font-normal`}>
                        <span className="block font-semibold">
                          {`${d.first_name} ${d.last_name}`.trim() || 'Anonymous donor'}
                        </span>
                        <span className="block wrap-anywhere text-gray-700 dark:text-gray-300">{d.email}</span>
                      </th>
                      <td className={`${cellClass} tabular-nums`}>{count.format(d.units_funded)}</td>
                      <td className={`${cellClass} tabular-nums whitespace-nowrap`}>{formatNaira(d.amount)}</td>
                      <td className={`${cellClass} whitespace-nowrap`}>{dateFormat.format(new Date(d.created_at))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </QueryView>
      </div>
    </ModalDialog>
  );
}

/** View Donations for one campaign of either kind, and its dialog; focus returns to the button on Close. */
export function DonationsButton({ kind, campaignId }: { kind: CampaignKind; campaignId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <HandCoins aria-hidden="true" className="size-5" />
        View Donations<span className="sr-only"> for campaign #{campaignId}</span>
      </Button>
      {open ? <DonationsDialog kind={kind} campaignId={campaignId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
