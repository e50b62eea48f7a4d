import type { FundReply } from '@contract/giving';
import { formatNaira } from '@contract/money';
import type { Db } from '../../db/client';
import { enqueueMails, enqueueSms, enqueueWhatsApp, JOB, type ReceiptMailJob } from '../../jobs/names';
import type { JobQueue } from '../../jobs/queue';
import { notifyManyAndAdmins } from '../notifications/queries';
import { CALL_US, clip, signed } from '../notifications/sms-text';
import { messagesFor, type Notice } from '../notifications/tell-user';
import { receiptDate } from '../receipts/receipt-facts';
import { receiptMail } from '../receipts/receipt-mail';
import { queueCard } from '../dedications/queue-card';

/** A gift as recorded: what the donor paid for and where each part went. */
export type RecordedGift = FundReply & {
  /** The payment fee the donor chose to cover, part of amountKobo and of no campaign's gift. */
  feeKobo: number;
  donationId: number;
  donorEmail: string;
  donorFullName: string;
  allocated: Array<{
    kind: 'recipient' | 'organization';
    id: number;
    label: string;
    units: number;
    amount: number;
    ownerId: number;
  }>;
  unallocated: string[];
};

/** What a campaign's owner is told when a gift funds part of it. */
export function fundedNotice(a: Pick<RecordedGift['allocated'][number], 'kind' | 'label' | 'units'>): Notice {
  const product = a.label.split(' for ')[0] ?? a.label;
  return a.kind === 'recipient'
    ? {
        subject: 'Your device has been funded',
        message: `Good news: a donor has funded your ${product}. We will contact you about collection in Lagos.`,
        link: '/recipient/status',
        sms: signed(
          `Good news: a donor has funded your ${clip(product, 60)}. We will tell you when it is ready to collect in Lagos. ${CALL_US}`,
        ),
      }
    : {
        subject: 'Units of your request have been funded',
        message: `A donor has funded ${a.units} ${a.units === 1 ? 'unit' : 'units'} of your ${product} request.`,
        link: '/organization/status',
        sms: signed(
          `A donor has funded ${a.units} ${a.units === 1 ? 'unit' : 'units'} of your organization's ${clip(product, 60)} request. ${CALL_US}`,
        ),
      };
}

/**
 * In the transaction that records a gift: queues the donor's receipt (and a dedication's card) and
 * writes the notices to the campaign owners and the admins, so all of them exist exactly when the gift does. A recorded gift's
 * receipt is a job of its own, which draws the PDF when the mail is sent; a payment set aside for the
 * team gets the mail without one, since it is not a recorded gift until the team settles it.
 */
export async function announceGift(
  deps: { db: Db; jobs: JobQueue; baseUrl: string },
  gift: RecordedGift,
): Promise<void> {
  if (gift.status === 'paid') {
    await deps.jobs.enqueue(deps.db, JOB.receiptMail, { donationId: gift.donationId } satisfies ReceiptMailJob);
    // A dedication's card goes only with a recorded gift, once; one set aside waits for the team's accept.
    await queueCard(deps, gift.donationId);
  }
  const receipt =
    gift.status === 'paid'
      ? []
      : [
          receiptMail({
            to: gift.donorEmail,
            donorFullName: gift.donorFullName,
            reference: gift.reference,
            amountKobo: gift.amountKobo,
            feeKobo: gift.feeKobo,
            date: receiptDate(new Date()),
            lines: gift.allocated,
            unallocated: gift.unallocated,
          }),
        ];

  // Each owner hears in the app and by mail, the admins in the app: every notice in one statement,
  // every mail in one more, all in the gift's own transaction.
  const owners = gift.allocated.map((a) => ({ userId: a.ownerId, notice: fundedNotice(a) }));
  const adminMessage = gift.unallocated.length
    ? `Needs attention: payment ${gift.reference} (${formatNaira(gift.amountKobo)}) could not be fully placed: ${gift.unallocated.join(', ')}.`
    : `New gift ${gift.reference}: ${formatNaira(gift.amountKobo)} from ${gift.donorFullName}.`;
  const reach = await notifyManyAndAdmins(
    deps.db,
    owners.map((o) => ({ userId: o.userId, message: o.notice.message, linkTo: o.notice.link })),
    { message: adminMessage },
  );
  const messages = owners.map((o) => {
    const to = reach.get(o.userId);
    return to ? messagesFor(deps.baseUrl, to, o.notice) : { mail: null, sms: null, whatsapp: null };
  });
  await enqueueMails(deps.jobs, deps.db, [...receipt, ...messages.flatMap((m) => (m.mail ? [m.mail] : []))]);
  for (const { sms, whatsapp } of messages) {
    if (sms) await enqueueSms(deps.jobs, deps.db, sms);
    if (whatsapp) await enqueueWhatsApp(deps.jobs, deps.db, whatsapp);
  }
}
