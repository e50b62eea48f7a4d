import { sql } from 'drizzle-orm';
import type { AttentionReason } from '@contract/money-desk';
import { selectRows, type Db } from '../../db/client';
import { notifyAdmins } from '../notifications/queries';

/** Where an admin's notice about a case leads: the desk's queue. */
export const ATTENTION_LINK = '/admin/payments';

/**
 * Opens a case for the admins' decision, at most one open per checkout and reason (a second report
 * of the same thing while one waits changes nothing), and tells the admins in the app. Run it in the
 * transaction of what raised it. `notify: false` when that transaction tells the admins already.
 * Answers whether a case was opened.
 */
export async function openCase(
  db: Db,
  input: { donationId: number; reference: string; reason: AttentionReason; words: string; notify?: boolean },
): Promise<boolean> {
  const opened = await selectRows<{ id: number }>(
    db,
    sql`insert into attention_cases (donation_id, reason, words)
        values (${input.donationId}, ${input.reason}, ${input.words})
        on conflict (donation_id, reason) where resolved_at is null do nothing
        returning id`,
  );
  if (opened.length === 0) return false;
  if (input.notify !== false)
    await notifyAdmins(db, `Needs attention: payment ${input.reference}. ${input.words}`, ATTENTION_LINK);
  return true;
}
