import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HOLD_MINUTES, type CheckoutReply, type checkoutSchema } from '@contract/giving';
import { selectRows, type Db } from '../../db/client';
import { donationItems, donations, payments } from '../../db/schema/all';
import { AppError } from '../../http/errors';
import type { PaymentProvider } from '../../providers/payments/payments';
import { GIVABLE, lockCampaigns, remaining } from './availability';

async function releaseOwnHolds(tx: Db, email: string, refs: Array<{ kind: 'recipient' | 'organization'; id: number }>) {
  const recipientIds = refs.filter((r) => r.kind === 'recipient').map((r) => r.id);
  const orgIds = refs.filter((r) => r.kind === 'organization').map((r) => r.id);
  const released = await selectRows<{ id: number }>(
    tx,
    sql`update donations d set status = 'failed', hold_expires_at = now()
         where d.donor_email = ${email} and d.status = 'pending' and d.hold_expires_at > now()
           and exists (select 1 from donation_items i where i.donation_id = d.id
                        and (i.recipient_campaign_id = any(${sql.param(recipientIds)}::int[])
                             or i.organization_campaign_id = any(${sql.param(orgIds)}::int[])))
        returning d.id`,
  );
  if (released.length === 0) return;
  const ids = released.map((r) => Number(r.id));
  await tx.execute(sql`update donation_items set status = 'released' where donation_id = any(${sql.param(ids)}::int[])`);
  await tx.execute(sql`update payments set status = 'abandoned' where donation_id = any(${sql.param(ids)}::int[])`);
}

export function newReference(): string {
  return `GOI-${Date.now().toString(36).toUpperCase()}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Prices the bag from the database, holds the units for 15 minutes under row locks, and issues the
 * payment reference. Anything unavailable or over-asked is refused with 409 naming it.
 */
export async function startCheckout(
  deps: { db: Db; payments: PaymentProvider },
  input: z.output<typeof checkoutSchema>,
  donorUserId: number | null,
): Promise<CheckoutReply> {
  const merged = new Map<string, { kind: 'recipient' | 'organization'; id: number; units: number }>();
  for (const item of input.cartItems) {
    const key = `${item.campaignId.kind}:${item.campaignId.id}`;
    const prev = merged.get(key);
    merged.set(key, { ...item.campaignId, units: (prev?.units ?? 0) + item.units });
  }
  const reference = newReference();

  const result = await deps.db.transaction(async (tx) => {
    // The same donor starting again (a reload, another tab) replaces their own unpaid checkout for
    // these campaigns, instead of being told their own hold has taken the units.
    await releaseOwnHolds(tx as unknown as Db, input.donorEmail, [...merged.values()]);
    const locked = await lockCampaigns(tx as unknown as Db, [...merged.values()]);
    const problems: string[] = [];
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
      const left = remaining(c);
      if (left <= 0) {
        problems.push(`${c.label} has just been fully funded`);
        continue;
      }
      if (want.units > left) {
        problems.push(`${c.label} has only ${left} ${left === 1 ? 'unit' : 'units'} left`);
        continue;
      }
      const amount = c.unitPriceKobo * want.units;
      total += amount;
      lines.push({ kind: want.kind, id: want.id, units: want.units, amount });
    }
    if (problems.length) {
      throw new AppError('conflict', `Some gifts in your bag cannot be given: ${problems.join('; ')}. Please update your gift bag.`);
    }
    const [donation] = await tx
      .insert(donations)
      .values({
        reference,
        donorUserId,
        donorEmail: input.donorEmail,
        donorFullName: input.donorFullName,
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
