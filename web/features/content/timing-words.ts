import type { Transparency } from '@contract/transparency';

const count = new Intl.NumberFormat('en-NG');
const campaigns = (n: number) => `${count.format(n)} ${n === 1 ? 'campaign' : 'campaigns'}`;

/**
 * What the ledger's two medians are taken over, in words that agree with the figures beside them:
 * each median names its own number of campaigns, one not yet measurable says why, and the devices
 * counted above but missing from the medians are accounted for. Campaigns, not devices: an
 * organization's campaign may deliver many units.
 */
export function timingWords(
  data: Pick<Transparency, 'approval_to_funded' | 'funded_to_delivered' | 'devices'>,
): string[] {
  const funded = data.approval_to_funded.campaigns;
  const delivered = data.funded_to_delivered.campaigns;
  if (funded === 0 && delivered === 0) {
    return [
      'No campaign has the dates these times need on record yet: its approval, the payment of its last gift and, for the second, its delivery.',
      ...(data.devices.delivered > 0
        ? ['The devices delivered so far are counted above, but their campaigns lack some of these dates.']
        : []),
    ];
  }
  return [
    funded > 0
      ? `The time to be funded is the median over ${campaigns(funded)} whose approval and last gift are on record. A campaign is funded on the day its last gift was paid.`
      : 'No funded campaign has its approval and last gift on record yet.',
    delivered > 0
      ? `The time to delivery is the median over ${campaigns(delivered)} delivered in full, with the day of delivery on record.`
      : 'No delivered campaign has its day of delivery on record yet.',
  ];
}
