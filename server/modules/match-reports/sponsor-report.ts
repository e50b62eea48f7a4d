import { sql } from 'drizzle-orm';
import { formatNaira } from '@contract/money';
import { lagosDay } from '@contract/plain-format';
import { toCampaignId } from '@contract/ids';
import { MATCH_NOT_FOUND, type MatchPool } from '@contract/match-admin';
import { matchVerb } from '@contract/match-words';
import type { Config } from '../../config';
import { selectRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { csvWriter, nairaCell } from '../money-desk/csv-cell';
import { taggedPdf, type Column } from '../receipts/tagged-pdf';
import { campaignTitles } from '../matching/campaign-titles';
import { listMatches } from '../matching/list-matches';
import { printablePhoto } from '../sharing/campaign-photo';
import type { Storage } from '../../providers/storage/storage';

/** One campaign the pool gave to: what it gave, what came back, and when. Never who gave with it. */
export type ReportLine = {
  campaignId: string;
  title: string;
  kind: 'recipient' | 'organization';
  /** Whole units given (an organization's campaign); 0 where the pool shared a device's price. */
  units: number;
  givenKobo: number;
  returnedKobo: number;
  firstGift: string;
  lastGift: string;
};

export type SponsorReport = { pool: MatchPool; lines: ReportLine[] };

/**
 * What a sponsor's pool did, campaign by campaign, from its own items alone: the donation rows they
 * sit in are read only for when the gift was paid, so no donor's name, address or email can reach
 * the report.
 */
export async function sponsorReport(db: Db, storage: Storage, id: number): Promise<SponsorReport> {
  const [pool] = await listMatches(db, storage, id);
  if (!pool) throw notFound(MATCH_NOT_FOUND);
  const rows = await selectRows<{
    recipient_campaign_id: number | null;
    organization_campaign_id: number | null;
    units: number | string;
    given: number | string;
    returned: number | string;
    first_gift: Date | string;
    last_gift: Date | string;
  }>(
    db,
    sql`select i.recipient_campaign_id, i.organization_campaign_id,
               coalesce(sum(i.units) filter (where i.status = 'allocated'), 0) as units,
               coalesce(sum(i.amount_kobo) filter (where i.status = 'allocated'), 0)::bigint as given,
               coalesce(sum(i.amount_kobo) filter (where i.status = 'released'), 0)::bigint as returned,
               min(coalesce(d.paid_at, i.created_at)) as first_gift,
               max(coalesce(d.paid_at, i.created_at)) as last_gift
          from donation_items i join donations d on d.id = i.donation_id
         where i.match_pool_id = ${id} and i.status in ('allocated', 'released')
         group by i.recipient_campaign_id, i.organization_campaign_id
         order by min(coalesce(d.paid_at, i.created_at)), i.organization_campaign_id nulls first, i.recipient_campaign_id`,
  );
  const refs = rows.map((r) =>
    r.recipient_campaign_id !== null
      ? { kind: 'recipient' as const, id: Number(r.recipient_campaign_id) }
      : { kind: 'organization' as const, id: Number(r.organization_campaign_id) },
  );
  const titles = await campaignTitles(db, refs);
  const lines = rows.map((r, i) => {
    const ref = refs[i]!;
    const campaignId = toCampaignId(ref);
    return {
      campaignId,
      title: titles.get(campaignId) ?? `Campaign ${campaignId}`,
      kind: ref.kind,
      units: Number(r.units),
      givenKobo: Number(r.given),
      returnedKobo: Number(r.returned),
      firstGift: new Date(r.first_gift).toISOString(),
      lastGift: new Date(r.last_gift).toISOString(),
    };
  });
  return { pool, lines };
}

/** The sponsor's logo as a picture a PDF embeds (JPEG on white), with its description; null when it has none. */
export type PrintableLogo = { image: Buffer; alt: string };

/**
 * The pool's logo for the report's top, read from storage; null when the pool has none or its file
 * is gone. Throws when storage fails, so the caller decides whether to draw the report without it.
 */
export async function printableLogo(db: Db, storage: Storage, id: number): Promise<PrintableLogo | null> {
  const [row] = await selectRows<{ logo_key: string | null; logo_alt: string | null }>(
    db,
    sql`select logo_key, logo_alt from match_pools where id = ${id}`,
  );
  if (!row?.logo_key) return null;
  const image = await printablePhoto(storage, row.logo_key);
  return image ? { image, alt: row.logo_alt ?? '' } : null;
}

/** What the pool gave a campaign, in words: whole units for an organization, a share of a device for a person. */
const givenAs = (line: ReportLine) =>
  line.kind === 'organization' ? `${line.units} ${line.units === 1 ? 'unit' : 'units'}` : 'Share of the device';

export const reportFileName = (id: number, ext: 'csv' | 'pdf') => `match-${id}-sponsor-report.${ext}`;

/** The report as CSV: one row per campaign, naira with two decimals, dates as Lagos days. */
export async function reportCsv(report: SponsorReport): Promise<string> {
  const writer = csvWriter([
    { key: 'campaign', header: 'Campaign' },
    { key: 'title', header: 'Title' },
    { key: 'given_as', header: 'Given as' },
    { key: 'units', header: 'Units' },
    { key: 'given', header: 'Matched (NGN)' },
    { key: 'returned', header: 'Returned (NGN)' },
    { key: 'first', header: 'First gift' },
    { key: 'last', header: 'Last gift' },
  ]);
  const chunks: string[] = [];
  writer.on('data', (chunk: Buffer | string) => chunks.push(String(chunk)));
  const done = new Promise<void>((resolve, reject) => {
    writer.on('end', resolve);
    writer.on('error', reject);
  });
  for (const line of report.lines)
    writer.write({
      campaign: line.campaignId,
      title: line.title,
      given_as: givenAs(line),
      units: line.units,
      given: nairaCell(line.givenKobo),
      returned: nairaCell(line.returnedKobo),
      first: lagosDay(line.firstGift, 'short'),
      last: lagosDay(line.lastGift, 'short'),
    });
  writer.end();
  await done;
  return chunks.join('');
}

const PDF_COLUMNS: Column[] = [
  { header: 'Campaign', width: 0.34 },
  { header: 'Given as', width: 0.16 },
  { header: 'Matched', width: 0.15, align: 'right' },
  { header: 'Returned', width: 0.13, align: 'right' },
  { header: 'Dates', width: 0.22 },
];

/** The report as a tagged PDF (decision 0035): the sponsor's logo if it has one, the pool's promise, its figures, then a table of campaigns. */
export function reportPdf(
  report: SponsorReport,
  charity: Config['charity'],
  logo: PrintableLogo | null = null,
): Promise<Buffer> {
  const { pool, lines } = report;
  return taggedPdf(
    {
      title: `${pool.sponsorName}'s match: sponsor report`,
      subject: `What ${pool.sponsorName}'s match pool of ${formatNaira(pool.poolKobo)} gave, campaign by campaign.`,
      author: charity.name,
    },
    (sheet) => {
      // The sponsor's logo at the top, small: a Figure whose alt text is the one the admin wrote.
      if (logo) sheet.figure(logo.image, logo.alt, { width: 180, height: 60, gapAfter: 12 });
      sheet.paragraph(charity.name, { bold: true, size: 16 });
      sheet.paragraph(charity.address, { gapAfter: 14 });
      sheet.heading(`${pool.sponsorName}'s match`);
      sheet.paragraph(
        `Every naira ${matchVerb(pool.ratio)} from ${lagosDay(pool.startsAt)} to ${lagosDay(pool.endsAt)} (Lagos time), ${pool.allCampaigns ? 'on every campaign' : `on ${pool.campaigns.length} ${pool.campaigns.length === 1 ? 'campaign' : 'campaigns'}`}.`,
      );
      sheet.paragraph(`Pool: ${formatNaira(pool.poolKobo)}`);
      sheet.paragraph(`Matched: ${formatNaira(pool.givenKobo)}`);
      sheet.paragraph(`Returned: ${formatNaira(pool.returnedKobo)}`);
      sheet.paragraph(`Left in the pool: ${formatNaira(pool.remainingKobo)}`, { gapAfter: 14 });
      sheet.heading('Campaigns the match funded', 2);
      if (lines.length === 0) sheet.paragraph('The match has not funded a campaign yet.');
      else
        sheet.table(
          PDF_COLUMNS,
          [
            ...lines.map((l) => [
              `${l.title} (${l.campaignId})`,
              givenAs(l),
              formatNaira(l.givenKobo),
              formatNaira(l.returnedKobo),
              lagosDay(l.firstGift) === lagosDay(l.lastGift)
                ? lagosDay(l.firstGift, 'short')
                : `${lagosDay(l.firstGift, 'short')} to ${lagosDay(l.lastGift, 'short')}`,
            ]),
            ['Total', '', formatNaira(pool.givenKobo), formatNaira(pool.returnedKobo), ''],
          ],
          { boldLastRow: true },
        );
      sheet.paragraph(`Thank you for matching gifts to ${charity.name}.`);
    },
  );
}
