/**
 * Campaign ids as the web app writes them, without zod, so a public page reads and writes them
 * without downloading it (decision 0050); contract/ids.ts adds the schema the server reads them with.
 */

/** Organization campaigns carry an 'org-' prefix in the web app; recipient campaigns are bare numbers. */
export const ORG_PREFIX = 'org-';

export const CAMPAIGN_KINDS = ['recipient', 'organization'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export type CampaignRef = { kind: CampaignKind; id: number };

const positiveInt = /^[1-9][0-9]{0,9}$/;

/** Reads a client-side campaign id ('12' or 'org-7'); null when it is not a valid id. */
export function parseCampaignId(raw: string | number): CampaignRef | null {
  const text = String(raw).trim();
  const isOrg = text.startsWith(ORG_PREFIX);
  const digits = isOrg ? text.slice(ORG_PREFIX.length) : text;
  if (!positiveInt.test(digits)) return null;
  const id = Number(digits);
  if (id > 2_147_483_647) return null;
  return { kind: isOrg ? 'organization' : 'recipient', id };
}

export function toCampaignId(ref: CampaignRef): string {
  return ref.kind === 'organization' ? `${ORG_PREFIX}${ref.id}` : String(ref.id);
}

export const CAMPAIGN_ID_INVALID = 'Campaign id must be a number such as 12, or org-12 for an organization campaign.';
