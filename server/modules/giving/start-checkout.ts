import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHECKOUT_LIMITS,
  HOLD_MINUTES,
  PAY_LATER_HOLD_MAX_MINUTES,
  TOO_MANY_CAMPAIGNS,
  tooManyUnits,
  type CheckoutReply,
  type checkoutSchema,
} from '@contract/giving';
import { isGiftSource } from '@contract/gift-sources';
import { feeToCover, type PaymentFeeFormula } from '@contract/payment-fee';
import { stoppedWordsOf } from '@contract/stopped-campaign';
import { compiledSelect, selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { PaymentProvider } from '../../providers/payments/payments';
import { isGivable } from '../campaign-core/status-rules';
import { insertSupportMessage } from '../support-messages/queries';
import { insertDedication } from '../dedications/queries';
import { giveThroughFundraiser } from '../fundraisers/give-through-fundraiser';
import { isAwaitingConfirmation, lockDonor } from './await-confirmation';
import { lockCampaigns, readCampaigns, remaining, type LockedCampaign } from '../campaign-core/availability';
import { releaseDonations } from './release-hold';
import { reserveMatch } from '../matching/reserve-match';
import { openPoolsFor } from '../matching/open-pools';

/**
 * Card testers leave a trail of checkouts that are never paid. Past this many from one address in
 * the window, new checkouts from it are refused until the oldest leaves the window.
 */
export const UNPAID_PER_ADDRESS = { max: 15, windowMinutes: 60 } as const;

export const OPEN_PER_EMAIL = `There are already ${CHECKOUT_LIMITS.openPerEmail} unfinished payments for this email address. Please finish the payment you already started, or try again once an unfinished one lapses: within ${HOLD_MINUTES} minutes, or longer for a bank transfer or USSD payment still waiting for the bank.`;
export const OPEN_PER_ADDRESS =
  'Too many unfinished payments have been started from your internet connection. Please finish the payment you already started, or wait a few minutes and try again.';
export const UNPAID_FROM_ADDRESS =
  'Too many payments from your internet connection were started and not completed in the last hour. Please wait a while and try again.';

/** Only a hash of the address key is stored: enough to count by, not to read back. */
export function hashAddress(addressKey: string): string {
  return createHash('sha256').update(`checkout-address:${addressKey}`).digest('hex');
}

export function newReference(): string {
  return `GOI-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * The caller's own earlier checkouts still on hold: the one this browser names by its reference,
 * and a signed-in donor's. Only the holder of a reference (or the signed-in owner) may replace a
 * checkout; an email address proves nothing, since anyone can type it. Each is asked of the
 * provider first, so a checkout that was in fact paid is recorded rather than released, and one the
 * provider cannot answer for, or whose transfer or USSD payment is under way, is left alone. One
 * already waiting for its bank is released only when the provider calls it failed or abandoned, so a
 * transfer that will not come does not keep its longer hold.
 */
export async function findEarlierCheckouts(
  deps: { db: Db; payments: PaymentProvider },
  caller: { previousReference?: string | undefined; donorUserId: number | null },
): Promise<{ unpaid: string[]; paid: string[] }> {
  if (!caller.previousReference && caller.donorUserId === null) return { unpaid: [], paid: [] };
  const rows = await selectRows<{ reference: string; awaiting: boolean }>(
    deps.db,
    sql`select reference, awaiting_since is not null as awaiting from donations
         where status = 'pending' and hold_expires_at > now()
           and (reference = ${caller.previousReference ?? ''} or donor_user_id = ${caller.donorUserId ?? -1})
         order by id limit 20`,
  );
  const unpaid: string[] = [];
  const paid: string[] = [];
  for (const { reference, awaiting } of rows) {
    let verified;
    try {
      verified = await deps.payments.verify(reference);
    } catch {
      // The provider cannot say whether it was paid: leave that checkout as it is (it lapses by itself).
      continue;
    }
    // A transfer or USSD payment under way is waiting for the bank: neither released nor recorded.
    if (isAwaitingConfirmation(verified)) continue;
    if (awaiting && verified?.status !== 'success' && verified?.status !== 'failed' && verified?.status !== 'abandoned')
      continue;
    (verified?.status === 'success' ? paid : unpaid).push(reference);
  }
  return { unpaid, paid };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The longest a hold can last: the checkout's own, and a transfer's longer hold counted from a moment
 * within it. A checkout created earlier than this holds nothing now, which bounds the per-address
 * counts to a range of `donations_client_address_idx` however old the address's history.
 */
const LONGEST_HOLD_MINUTES = HOLD_MINUTES + PAY_LATER_HOLD_MAX_MINUTES;

/**
 * What the limits below count, as a named prepared statement (every checkout asks it). Open
 * checkouts count as long as their hold is live, however long ago they started (a transfer's hold
 * outlasts the unpaid window); unpaid ones count for the window after their hold ended (a release
 * ends it at once), so one that lapses after a long hold still counts.
 */
const overLimitCounts = compiledSelect<{
  unpaid: number;
  unpaid_wait: number | null;
  open: number;
  open_wait: number | null;
  open_by_email: number;
}>(
  sql`with mine as (
        select hold_expires_at, awaiting_since,
               coalesce(hold_expires_at, created_at) as hold_end,
               status = 'pending' and hold_expires_at > now() as live,
               status = 'failed' or (status = 'pending' and hold_expires_at <= now()) as unpaid
          from donations
         where client_address_hash = ${sql.placeholder('addressHash')}
           and created_at > now() - make_interval(mins => ${sql.raw(String(LONGEST_HOLD_MINUTES))} + ${sql.placeholder('windowMinutes')}::int))
      select count(*) filter (where unpaid and hold_end > now() - make_interval(mins => ${sql.placeholder('windowMinutes')}::int))::int as unpaid,
             ceil(extract(epoch from min(hold_end) filter (where unpaid and hold_end > now() - make_interval(mins => ${sql.placeholder('windowMinutes')}::int))
                  + make_interval(mins => ${sql.placeholder('windowMinutes')}::int) - now()))::int as unpaid_wait,
             count(*) filter (where live)::int as open,
             ceil(extract(epoch from min(hold_expires_at) filter (where live) - now()))::int as open_wait,
             (select count(*) from donations
               where donor_email = ${sql.placeholder('email')} and status = 'pending' and hold_expires_at > now())::int as open_by_email
        from mine`,
  'giving_checkout_limit_counts',
);

/**
 * Refuses a checkout past the per-email and per-address bounds. Runs inside the checkout's
 * transaction, after the caller's earlier checkouts were released, under the advisory locks.
 * How many checkouts may wait for a bank is bounded where their holds are lengthened
 * (await-confirmation.ts), not here: a new checkout holds only the ordinary time.
 */
export async function refuseOverLimits(tx: Db, email: string, addressHash: string) {
  const [counts] = await overLimitCounts(tx, { email, addressHash, windowMinutes: UNPAID_PER_ADDRESS.windowMinutes });
  if (!counts) return;
  const retry = (seconds: number | null) => ({ 'retry-after': String(Math.max(1, Number(seconds ?? 60))) });
  if (Number(counts.unpaid) >= UNPAID_PER_ADDRESS.max) {
    throw new AppError('rate_limited', UNPAID_FROM_ADDRESS, undefined, retry(counts.unpaid_wait));
  }
  if (Number(counts.open) >= CHECKOUT_LIMITS.openPerAddress) {
    throw new AppError('rate_limited', OPEN_PER_ADDRESS, undefined, retry(counts.open_wait));
  }
  if (Number(counts.open_by_email) >= CHECKOUT_LIMITS.openPerEmail) throw new AppError('conflict', OPEN_PER_EMAIL);
}

export const PRICE_CHANGED =
  'The price of a gift in your bag changed while you were checking out. Please review your gift bag and try again.';

type Bag = Map<string, { kind: 'recipient' | 'organization'; id: number; units: number }>;
type Weighed = {
  problems: string[];
  /** The whole answer when the bag's one campaign has stopped taking gifts (paused or closed). */
  stopped?: string;
  heldElsewhere: boolean;
  total: number;
  lines: Array<{ kind: 'recipient' | 'organization'; id: number; units: number; amount: number }>;
};

/** Prices the bag against what is left of each campaign, and says what cannot be given and why. */
function weighBag(bag: Bag, campaigns: Map<string, LockedCampaign>): Weighed {
  const out: Weighed = { problems: [], heldElsewhere: false, total: 0, lines: [] };
  const { problems } = out;
  for (const [key, want] of bag) {
    const c = campaigns.get(key);
    if (!c || !isGivable(want.kind, c.status)) {
      const stopped = c && stoppedWordsOf(c.status);
      if (stopped && bag.size === 1) out.stopped = stopped.checkout;
      problems.push(
        c ? `${c.label} ${stopped?.inBag ?? 'is no longer open for gifts'}` : 'a campaign in your bag no longer exists',
      );
      continue;
    }
    if (want.kind === 'recipient' && want.units !== 1) {
      problems.push(`${c.label} takes exactly one gift`);
      continue;
    }
    if (want.units > CHECKOUT_LIMITS.unitsPerCampaign) {
      problems.push(tooManyUnits(c.label));
      continue;
    }
    const unfunded = c.quantity - c.unitsFulfilled;
    const left = remaining(c);
    if (unfunded <= 0) {
      problems.push(`${c.label} has just been fully funded`);
      continue;
    }
    if (want.units > left) {
      if (c.heldByOthers > 0) {
        out.heldElsewhere = true;
        problems.push(
          left <= 0
            ? want.kind === 'recipient'
              ? `${c.label} is being paid for by another donor right now`
              : `every remaining unit of ${c.label} is being paid for by other donors right now`
            : `${c.label} has only ${plural(left, 'unit', 'units')} free right now`,
        );
      } else {
        problems.push(`${c.label} has only ${plural(left, 'unit', 'units')} left`);
      }
      continue;
    }
    const amount = c.unitPriceKobo * want.units;
    out.total += amount;
    out.lines.push({ kind: want.kind, id: want.id, units: want.units, amount });
  }
  return out;
}

function bagRefused(weighed: Weighed): AppError {
  if (weighed.stopped && weighed.problems.length === 1)
    return new AppError('conflict', weighed.stopped).withCode('campaign_not_taking_gifts');
  const wait = weighed.heldElsewhere
    ? ` Other donors are paying for those units right now; if they do not finish, the units become free again, usually within ${HOLD_MINUTES} minutes. Please update your gift bag, or try again later.`
    : ' Please update your gift bag.';
  return new AppError('conflict', `Some gifts in your bag cannot be given: ${weighed.problems.join('; ')}.${wait}`);
}

/**
 * Prices the bag from the database, holds the units for HOLD_MINUTES, and issues the payment
 * reference. The hold is decided under the campaign rows' locks, taken last and kept only for one
 * read and the commit. The caller's earlier unpaid checkouts named in `release` are released in the
 * same transaction first. Anything unavailable, over-asked or past the limits is refused with 409
 * (or 429 for the per-address limits) in words a donor can act on. A donor who covers the payment
 * fee is asked for the gifts plus the fee the server works out from the priced bag; the fee is kept
 * apart on the donation and never reaches a campaign's figures.
 */
export async function startCheckout(
  deps: { db: Db; payments: PaymentProvider; paymentFee: PaymentFeeFormula },
  input: z.output<typeof checkoutSchema>,
  caller: { donorUserId: number | null; addressHash: string; release: readonly string[] },
): Promise<Omit<CheckoutReply, 'channels'>> {
  const merged = new Map<string, { kind: 'recipient' | 'organization'; id: number; units: number }>();
  for (const item of input.cartItems) {
    const key = `${item.campaignId.kind}:${item.campaignId.id}`;
    const prev = merged.get(key);
    merged.set(key, { ...item.campaignId, units: (prev?.units ?? 0) + item.units });
  }
  if (merged.size > CHECKOUT_LIMITS.campaignsPerCheckout) throw new AppError('conflict', TOO_MANY_CAMPAIGNS);
  const reference = newReference();

  const wanted = [...merged.values()];

  const result = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Checkouts by one email, and from one address, take turns (with holds being lengthened): two at
    // once could otherwise both pass the counts below. Always email first, then address, so two never
    // wait on each other.
    await lockDonor(tx, input.donorEmail, caller.addressHash);
    await releaseDonations(tx, caller.release);
    await refuseOverLimits(tx, input.donorEmail, caller.addressHash);

    // A first look without locks: a bag that cannot be given is refused without waiting for anyone,
    // and the donation is written before the campaign rows are locked, so the locks are held only
    // for the read that decides and the commit.
    const first = weighBag(merged, await readCampaigns(tx, wanted));
    if (first.problems.length) throw bagRefused(first);
    const fee = input.coverFee ? feeToCover(first.total, deps.paymentFee) : 0;
    const charged = first.total + fee;
    const [donation] = await selectRows<{ id: number; hold_expires_at: Date | string }>(
      tx,
      sql`with d as (
            insert into donations (reference, donor_user_id, donor_email, donor_full_name, client_address_hash, total_kobo, fee_kobo, source, hold_expires_at)
            values (${reference}, ${caller.donorUserId}, ${input.donorEmail}, ${input.donorFullName}, ${caller.addressHash}, ${charged}, ${fee},
                    ${isGiftSource(input.source) ? input.source : null}, now() + make_interval(mins => ${HOLD_MINUTES}))
            returning id, hold_expires_at),
          i as (
            insert into donation_items (donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo)
            select d.id, l.recipient, l.organization, l.units, l.amount
              from d, unnest(${sql.param(first.lines.map((l) => (l.kind === 'recipient' ? l.id : null)))}::int[],
                            ${sql.param(first.lines.map((l) => (l.kind === 'organization' ? l.id : null)))}::int[],
                            ${sql.param(first.lines.map((l) => l.units))}::int[],
                            ${sql.param(first.lines.map((l) => l.amount))}::bigint[]) as l(recipient, organization, units, amount)),
          p as (
            insert into payments (donation_id, provider, reference, amount_kobo)
            select d.id, ${deps.payments.name}, ${reference}, ${charged} from d)
          select id, hold_expires_at from d`,
    );

    // The words belong to this checkout alone: a replaced checkout keeps its own, never shown unless paid.
    if (input.message) {
      await insertSupportMessage(tx, donation!.id, { body: input.message, anonymous: input.anonymous ?? false });
    }
    // Likewise the dedication: its card is queued only when this checkout's payment is recorded.
    if (input.dedication) await insertDedication(tx, donation!.id, input.dedication);
    if (input.fundraiser) await giveThroughFundraiser(tx, donation!.id, input.fundraiser, wanted);
    // The open pools, looked at before the campaigns are locked, so a site with none open costs the
    // donors waiting on those locks nothing; a pool opening after this look matches later checkouts.
    const pools = await openPoolsFor(tx, wanted, donation!.id);

    // The read that decides, under the locks: our own hold is left out of what others hold.
    const locked = await lockCampaigns(tx, wanted, donation!.id);
    const decided = weighBag(merged, locked);
    if (decided.problems.length) throw bagRefused(decided);
    if (decided.total !== first.total) throw new AppError('conflict', PRICE_CHANGED);
    // A sponsor's open match is held with the gift, under the pools' locks taken after the campaigns'.
    const { match, donorPaysLessKobo } = await reserveMatch(tx, donation!.id, decided.lines, locked, pools);
    if (donorPaysLessKobo === 0)
      return { total: charged, fee, match, holdExpiresAt: new Date(donation!.hold_expires_at) };
    const gifts = first.total - donorPaysLessKobo;
    const sharedFee = input.coverFee ? feeToCover(gifts, deps.paymentFee) : 0;
    await selectRows(
      tx,
      sql`with d as (update donations set total_kobo = ${gifts + sharedFee}, fee_kobo = ${sharedFee} where id = ${donation!.id})
          update payments set amount_kobo = ${gifts + sharedFee} where reference = ${reference}`,
    );
    return { total: gifts + sharedFee, fee: sharedFee, match, holdExpiresAt: new Date(donation!.hold_expires_at) };
  });

  await deps.payments.begin({ reference, amountKobo: result.total, email: input.donorEmail });
  return {
    reference,
    amountKobo: result.total,
    feeKobo: result.fee,
    currency: 'NGN',
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
    holdExpiresAt: result.holdExpiresAt.toISOString(),
    match: result.match,
  };
}
