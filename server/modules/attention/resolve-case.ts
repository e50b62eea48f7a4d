import { sql } from 'drizzle-orm';
import type { AttentionCase, AttentionReason, Resolution } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { AppError } from '../../http/errors';
import type { ResponseCache } from '../../http/response-cache';
import { JOB } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { audit } from '../audit/audit';
import { announceGift } from '../giving/announce-gift';
import { wakeNotices } from '../notifications/tell-user';
import { lockCampaigns } from '../campaign-core/availability';
import { fundCampaigns, PAID_MESSAGE } from '../giving/fulfil-donation';
import { itemsOf, weighPlacement } from './placement';
import { caseColumns, caseReply } from './queue';
import { followOpenCases } from '../attention-cases/resolve-open-cases';

export const UNITS_TAKEN = 'Its units are no longer free; refund it instead.';
export const CASE_NOT_OPEN = 'That case is not open on this payment. Refresh the queue to see where it stands.';
export const NOTHING_TO_PLACE =
  'This gift is already recorded in full, so there is nothing to accept. Refund it or resolve it outside the platform.';

export type ResolveDeps = { db: Db; jobs: JobQueue; publicCache: ResponseCache; baseUrl: string };

/**
 * An admin's decision on an open case, with their note, audited.
 * - accept: records the gift while every unit it asked for is still free on a campaign that lets a
 *   gift land, in one transaction with the campaigns locked as fulfilment locks them; the campaigns'
 *   figures and statuses move by fulfilment's own statements, and the receipt and notices are queued
 *   as for any recorded gift. A wrong-amount payment is recorded as the checkout asked.
 * - outside: closes the case; the money was settled with the donor elsewhere.
 * Either way, once no case of the checkout is open its status follows the money (followOpenCases).
 */
export async function resolveCase(
  deps: ResolveDeps,
  input: { reference: string; caseId: number; resolution: Resolution; note: string; adminId: number },
): Promise<AttentionCase> {
  const result = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [donation] = await selectRows<{ id: number; total: number; fee: number; email: string; name: string }>(
      tx,
      sql`select id, total_kobo as total, fee_kobo as fee, donor_email as email, donor_full_name as name
            from donations where reference = ${input.reference} for update`,
    );
    if (!donation) throw new AppError('not_found', 'We could not find that payment reference.');
    const donationId = Number(donation.id);
    const [open] = await selectRows<{ reason: AttentionReason }>(
      tx,
      sql`select reason from attention_cases
           where id = ${input.caseId}::bigint and donation_id = ${donationId} and resolved_at is null for update`,
    );
    if (!open) throw new AppError('conflict', CASE_NOT_OPEN);

    let recorded = false;
    if (input.resolution === 'accept') {
      const unplaced = (await itemsOf(tx, [donationId])).filter((i) => !i.allocated);
      if (unplaced.length === 0) throw new AppError('conflict', NOTHING_TO_PLACE);
      const campaigns = await lockCampaigns(
        tx,
        unplaced.map((i) => ({ kind: i.kind, id: i.campaignId })),
        donationId,
      );
      const { fits, lines } = weighPlacement(unplaced, campaigns);
      if (!fits) throw new AppError('conflict', UNITS_TAKEN);
      await tx.execute(
        sql`update donation_items set status = 'allocated' where id = any(${sql.param(unplaced.map((i) => i.id))}::int[])`,
      );
      await closeCase(tx, input);
      await tx.execute(
        sql`update donations d set paid_at = coalesce(d.paid_at, now()),
                   status = case when exists (select 1 from attention_cases c where c.donation_id = d.id and c.resolved_at is null)
                                 then 'needs_attention' else 'paid' end
             where d.id = ${donationId}`,
      );
      await announceGift(
        { db: tx, jobs: deps.jobs, baseUrl: deps.baseUrl },
        {
          reference: input.reference,
          status: 'paid',
          message: PAID_MESSAGE,
          amountKobo: Number(donation.total),
          feeKobo: Number(donation.fee),
          donationId,
          donorEmail: donation.email,
          donorFullName: donation.name,
          allocated: lines,
          unallocated: [],
        },
      );
      // Under the locks taken above nothing can have changed; this would be a fault, not a race.
      if (!(await fundCampaigns(tx, lines))) throw new Error('a locked campaign refused its units');
      recorded = true;
    } else {
      await closeCase(tx, input);
      await followOpenCases(tx, donationId);
    }
    await audit(tx, {
      adminId: input.adminId,
      action: 'payment.resolve',
      entity: 'donation',
      entityId: donationId,
      details: {
        summary: 'Resolved payment',
        reference: input.reference,
        caseId: input.caseId,
        reason: open.reason,
        resolution: input.resolution,
        note: input.note,
      },
    });
    const [row] = await selectRows<Parameters<typeof caseReply>[0]>(
      tx,
      sql`select ${caseColumns} from attention_cases c join donations d on d.id = c.donation_id where c.id = ${input.caseId}`,
    );
    return { reply: caseReply(row!), recorded };
  });
  if (result.recorded) {
    wakeNotices(deps.jobs);
    deps.jobs.wake(JOB.receiptMail);
    deps.jobs.wake(JOB.dedicationCard);
    deps.publicCache.clear();
  }
  return result.reply;
}

async function closeCase(tx: Db, input: { caseId: number; resolution: Resolution; note: string; adminId: number }) {
  await tx.execute(
    sql`update attention_cases set resolved_at = now(), resolved_by = ${input.adminId}, resolution = ${input.resolution},
               note = ${input.note}
         where id = ${input.caseId}`,
  );
}
