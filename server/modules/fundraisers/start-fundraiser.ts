import { randomBytes } from 'node:crypto';
import {
  CAMPAIGN_TAKES_NO_FUNDRAISER,
  FUNDRAISERS_OPEN_MAX,
  ONE_OPEN_PER_CAMPAIGN,
  TOO_MANY_OPEN,
  type startFundraiserSchema,
} from '@contract/fundraisers';
import { CAMPAIGN_ID_INVALID, parseCampaignId, type CampaignRef } from '@contract/ids';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AcceptedUpload } from '../uploads/accept-upload';
import { acceptFundraiserPhoto } from './accept-photo';
import { fundraisers } from '../../db/schema/all';
import { AppError, notFound } from '../../http/errors';
import { readCampaigns } from '../campaign-core/availability';
import { isGivable } from '../campaign-core/status-rules';
import { isPublicCampaign, lockOwner, openFundraisersOf } from './queries';
import { CAMPAIGN_NOT_FOUND } from './read-fundraisers';

export const STARTED =
  'Thank you! Your fundraiser is waiting for our team to read it. We will tell you as soon as it is public.';

const SLUG_WORDS_MAX = 40;
const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A slug from the title's words and four random characters: readable, and never guessed from the title alone. */
export function slugFor(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_WORDS_MAX)
    .replace(/-+$/, '');
  const tail = Array.from(randomBytes(4), (b) => SLUG_ALPHABET[b % SLUG_ALPHABET.length]).join('');
  return `${words || 'fundraiser'}-${tail}`;
}

/** The unique index a statement broke (the driver's error, or the one Drizzle wraps), else null. */
function brokenUnique(error: unknown): string | null {
  for (const e of [error, (error as { cause?: unknown } | null)?.cause]) {
    const found = e as { code?: string; constraint?: string } | null | undefined;
    if (found?.code === '23505') return found.constraint ?? '';
  }
  return null;
}

/**
 * A signed-in donor starts a fundraiser for a public campaign that takes gifts: pending until an
 * admin approves it. One open per campaign and FUNDRAISERS_OPEN_MAX open in all, decided with the
 * owner's row locked so two starts at once take turns.
 */
export async function startFundraiser(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  owner: { id: number },
  input: z.output<typeof startFundraiserSchema>,
): Promise<{ slug: string; status: 'pending'; message: string }> {
  const { db } = deps;
  const ref = parseCampaignId(input.campaignId);
  if (!ref) throw new AppError('bad_request', CAMPAIGN_ID_INVALID, { campaignId: [CAMPAIGN_ID_INVALID] });
  if (!(await isPublicCampaign(db, ref))) throw notFound(CAMPAIGN_NOT_FOUND);
  const campaign = (await readCampaigns(db, [ref])).get(`${ref.kind}:${ref.id}`);
  if (!campaign || !isGivable(ref.kind, campaign.status)) throw new AppError('conflict', CAMPAIGN_TAKES_NO_FUNDRAISER);

  const photo = await acceptFundraiserPhoto(deps, owner.id, input.photo);
  let committed = false;
  try {
    const slug = await insertFundraiser(db, owner, input, ref, photo);
    committed = true;
    return { slug, status: 'pending', message: STARTED };
  } finally {
    await photo?.settle(committed);
  }
}

async function insertFundraiser(
  db: Db,
  owner: { id: number },
  input: z.output<typeof startFundraiserSchema>,
  ref: CampaignRef,
  photo: AcceptedUpload | null,
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const slug = slugFor(input.title);
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Db;
        await lockOwner(tx, owner.id);
        const open = await openFundraisersOf(tx, owner.id, ref);
        if (open.forCampaign) throw new AppError('conflict', ONE_OPEN_PER_CAMPAIGN);
        if (open.count >= FUNDRAISERS_OPEN_MAX) throw new AppError('conflict', TOO_MANY_OPEN);
        await tx.insert(fundraisers).values({
          slug,
          ownerUserId: owner.id,
          recipientCampaignId: ref.kind === 'recipient' ? ref.id : null,
          organizationCampaignId: ref.kind === 'organization' ? ref.id : null,
          title: input.title,
          story: input.story,
          goalKobo: input.goalKobo,
          photoKey: photo?.storedKey ?? null,
          photoAlt: photo ? input.photo!.alt : null,
        });
        await photo?.commit(tx);
      });
      return slug;
    } catch (error) {
      // Four random characters rarely meet an earlier slug; another draw settles it.
      const broken = brokenUnique(error);
      if (broken !== null && broken.includes('slug') && attempt < 5) continue;
      if (broken !== null) throw new AppError('conflict', ONE_OPEN_PER_CAMPAIGN);
      throw error;
    }
  }
}
