import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CHECKOUT_LIMITS, HOLD_MINUTES, TOO_MANY_CAMPAIGNS, tooManyUnits, type CheckoutReply, type checkoutSchema } from '@contract/giving';
import { selectRows, type Db } from '../../db/client';
import { donationItems, donations, payments } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { PaymentProvider } from '../../providers/payments/payments';
import { GIVABLE, lockCampaigns, remaining } from './availability';
import { releaseDonations } from './release-hold';

/**
 * Card testers leave a trail of checkouts that are never paid. Past this many from one address in
 * the window, new checkouts from it are refused until the oldest leaves the window.
 */
export const UNPAID_PER_ADDRESS = { max: 15, windowMinutes: 60 } as const;

export const OPEN_PER_EMAIL = `There are already ${CHECKOUT_LIMITS.openPerEmail} unfinished payments for this email address. Please finish the payment you already started, or wait up to ${HOLD_MINUTES} minutes for unfinished ones to lapse, then try again.`;
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
 * provider cannot answer for is left alone.
 */
export async function findEarlierCheckouts(
  deps: { db: Db; payments: PaymentProvider },
  caller: { previousReference?: string | undefined; donorUserId: number | null },
): Promise<{ unpaid: string[]; paid: string[] }> {
  if (!caller.previousReference && caller.donorUserId === null) return { unpaid: [], paid: [] };
  const rows = await selectRows<{ reference: string }>(
    deps.db,
    sql`select reference from donations
         where status = 'pending' and hold_expires_at > now()
           and (reference = ${caller.previousReference ?? ''} or donor_user_id = ${caller.donorUserId ?? -1})
         order by id limit 20`,
  );
  const unpaid: string[] = [];
  const paid: string[] = [];
  for (const { reference } of rows) {
    let verified;
    try {
      verified = await deps.payments.verify(reference);
    } catch {
      // The provider cannot say whether it was paid: leave that checkout as it is (it lapses by itself).
      continue;
    }
    (verified?.status === 'success' ? paid : unpaid).push(reference);
  }
  return { unpaid, paid };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Refuses a checkout past the per-email and per-address bounds. Runs inside the checkout's
 * transaction, after the caller's earlier checkouts were released, under the advisory locks.
 */
async function refuseOverLimits(tx: Db, email: string, addressHash: string) {
  const [address] = await selectRows<{ unpaid: number; unpaid_wait: number | null; open: number; open_wait: number | null }>(
    tx,
    sql`select count(*) filter (where status = 'failed' or (status = 'pending' and hold_expires_at <= now()))::int as unpaid,
               ceil(extract(epoch from min(created_at) filter (where status = 'failed' or (status = 'pending' and hold_expires_at <= now()))
                    + make_interval(mins => ${UNPAID_PER_ADDRESS.windowMinutes}) - now()))::int as unpaid_wait,
               count(*) filter (where status = 'pending' and hold_expires_at > now())::int as open,
               ceil(extract(epoch from min(hold_expires_at) filter (where status = 'pending' and hold_expires_at > now()) - now()))::int as open_wait
          from donations
         where client_address_hash = ${addressHash}
           and created_at > now() - make_interval(mins => ${UNPAID_PER_ADDRESS.windowMinutes})`,
  );
  const retry = (seconds: number | null) => ({ 'retry-after': String(Math.max(1, Number(seconds ?? 60))) });
  if (address && Number(address.unpaid) >= UNPAID_PER_ADDRESS.max) {
    throw new AppError('rate_limited', UNPAID_FROM_ADDRESS, undefined, retry(address.unpaid_wait));
  }
  if (address && Number(address.open) >= CHECKOUT_LIMITS.openPerAddress) {
    throw new AppError('rate_limited', OPEN_PER_ADDRESS, undefined, retry(address.open_wait));
  }
  const [byEmail] = await selectRows<{ open: number }>(
    tx,
    sql`select count(*)::int as open from donations
         where donor_email = ${email} and status = 'pending' and hold_expires_at > now()`,
  );
  if (byEmail && Number(byEmail.open) >= CHECKOUT_LIMITS.openPerEmail) throw new AppError('conflict', OPEN_PER_EMAIL);
}

/**
 * Prices the bag from the database, holds the units for 15 minutes under row locks, and issues the
 * payment reference. The caller's earlier unpaid checkouts named in `release` are released in the
 * same transaction first. Anything unavailable, over-asked or past the limits is refused with 409
 * (or 429 for the per-address limits) in words a donor can act on.
 */
export async function startCheckout(
  deps: { db: Db; payments: PaymentProvider },
  input: z.output<typeof checkoutSchema>,
  caller: { donorUserId: number | null; addressHash: string; release: readonly string[] },
): Promise<CheckoutReply> {
  const merged = new Map<string, { kind: 'recipient' | 'organization'; id: number; units: number }>();
  for (const item of input.cartItems) {
    const key = `${item.campaignId.kind}:${item.campaignId.id}`;
    const prev = merged.get(key);
    merged.set(key, { ...item.campaignId, units: (prev?.units ?? 0) + item.units });
  }
  if (merged.size > CHECKOUT_LIMITS.campaignsPerCheckout) throw new AppError('conflict', TOO_MANY_CAMPAIGNS);
  const reference = newReference();

  const result = await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Checkouts by one email, and from one address, take turns: two at once could otherwise both
    // pass the counts below. Always email first, then address, so two never wait on each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-email:${input.donorEmail}`}, 0))::text`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkout-address:${caller.addressHash}`}, 0))::text`);
    await releaseDonations(tx, caller.release);
    await refuseOverLimits(tx, input.donorEmail, caller.addressHash);

    const locked = await lockCampaigns(tx, [...merged.values()]);
    const problems: string[] = [];
    let heldElsewhere = false;
    let total = 0;
    const lines: Array<{ kind: 'recipient' | 'organization'; id: number; units: number; amount: number }> = [];
    for (const [key, want] of merged) {
      const c = locked.get(key);
      if (!c || !(GIVABLE[want.kind] as readonly string[]).includes(c.status)) {
        problems.push(c ? `${c.label} is no longer open for gifts` : 'a campaign in your bag no longer exists');
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
          heldElsewhere = true;
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
      total += amount;
      lines.push({ kind: want.kind, id: want.id, units: want.units, amount });
    }
    if (problems.length) {
      const wait = heldElsewhere
        ? ` Other donors are paying for those units right now; if they do not finish, the units may become free again within ${HOLD_MINUTES} minutes. Please update your gift bag, or try again in a few minutes.`
        : ' Please update your gift bag.';
      throw new AppError('conflict', `Some gifts in your bag cannot be given: ${problems.join('; ')}.${wait}`);
    }
    const [donation] = await tx
      .insert(donations)
      .values({
        reference,
        donorUserId: caller.donorUserId,
        donorEmail: input.donorEmail,
        donorFullName: input.donorFullName,
        clientAddressHash: caller.addressHash,
        totalKobo: total,
        holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})`,
      })
      .returning({ id: donations.id, holdExpiresAt: donations.holdExpiresAt });
    await tx.insert(donationItems).values(
      lines.map((l) => ({
        donationId: donation!.id,
        recipientCampaignId: l.kind === 'recipient' ? l.id : null,
        organizationCampaignId: l.kind === 'organization' ? l.id : null,
        units: l.units,
        amountKobo: l.amount,
      })),
    );
    await tx.insert(payments).values({ donationId: donation!.id, provider: deps.payments.name, reference, amountKobo: total });
    return { total, holdExpiresAt: donation!.holdExpiresAt! };
  });

  await deps.payments.begin({ reference, amountKobo: result.total, email: input.donorEmail });
  return {
    reference,
    amountKobo: result.total,
    currency: 'NGN',
    provider: deps.payments.name,
    publicKey: deps.payments.publicKey,
    holdExpiresAt: result.holdExpiresAt.toISOString(),
  };
}
