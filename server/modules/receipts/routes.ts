import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailOnlySchema, messageReplySchema } from '@contract/auth';
import { errorReplies } from '@contract/errors';
import { referenceParamSchema } from '@contract/giving';
import { donorReceiptsSchema, receiptLinkQuerySchema, statementYearParamSchema } from '@contract/receipts';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { clientKey, type Rule } from '../../http/rate-limit';
import { JOB, type ResendReceiptsJob } from '../../jobs/names';
import type { SignedQuery } from '../../providers/storage/storage';
import {
  accountHolder,
  giftsOfDonor,
  giftsOfYear,
  isOwnGift,
  lagosYear,
  receiptFactsByReference,
} from './receipt-facts';
import { RECEIPT_PURPOSE } from './receipt-link';
import { receiptFileName, renderReceipt } from './receipt-pdf';
import { RESEND_REPLY } from './resend-receipts';
import { renderStatement, statementFileName } from './statement-pdf';
import { copyKey, createRenderedCopies } from '../sharing/rendered-copies';

const errors = errorReplies(400, 401, 403, 404, 429, 503);
const binary = (what: string) => z.unknown().describe(what);

// The same sentence for a reference that is unknown, unpaid or someone else's: it reveals nothing.
const NOT_FOUND = 'We could not find a receipt for that payment reference that you may download.';
const LINK_EXPIRED =
  'This receipt link has expired. Ask for your receipts again on the receipts page, and we will email new links.';
const LINK_INVALID =
  'This receipt link is not valid. Open the link from your email again, or ask for your receipts again.';
const NO_GIFTS_THAT_YEAR = 'You have no recorded gifts in that year, so there is no statement for it.';

const LIMITS = {
  // Drawing a PDF costs far more than a page: enough for a donor downloading every receipt of a
  // long history, too few for a flood.
  pdfPerAddress: {
    name: 'receipt-pdf-addr',
    max: 60,
    windowSeconds: 600,
    message: 'Too many receipts were asked for from your connection. Please wait a few minutes and try again.',
  },
  resendPerAddress: { name: 'receipt-resend-addr', max: 10, windowSeconds: 900 },
  resendPerEmail: {
    name: 'receipt-resend-email',
    max: 3,
    windowSeconds: 3600,
    message: 'Receipts were sent to this address a short while ago. Please check your inbox, or try again in an hour.',
  },
} satisfies Record<string, Rule>;

const DRAWING_BUSY = 'Many receipts are being prepared right now. Please try again in a few seconds.';

const pdfReply = (reply: FastifyReply, fileName: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(pdf);

/**
 * Receipts of recorded gifts and yearly statements as tagged PDFs, the donor's list of them, and the
 * public form that mails an address's receipts again (docs/decisions/0035).
 */
export function receiptRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, limits, signer, config, jobs } = deps;
  /**
   * Receipts and statements are drawn when first downloaded, not when the gift is recorded (decision
   * 0064), and kept by a digest of everything printed on them: a donor who opens the mail's link twice,
   * or on two devices, gets the first drawing, and a change to what a receipt says (a name erased)
   * names a new copy. 8 MB keeps a few hundred (20 to 60 kB each); at most two drawings run at once.
   */
  const copies = createRenderedCopies({
    maxBytes: 8 * 1024 * 1024,
    concurrency: 2,
    queue: 16,
    busyMessage: DRAWING_BUSY,
  });
  const drawn = async (source: unknown, draw: () => Promise<Buffer>) => (await copies.get(copyKey(source), draw)).file;

  /**
   * A signed link's verdict, read before any gift is looked up so that a wrong or expired signature
   * answers the same for a reference that exists and one that does not: true when it was signed for
   * this receipt, false when signed for something else, undefined when the request carries none.
   */
  function signedFor(request: FastifyRequest, reference: string): boolean | undefined {
    const query = request.query as SignedQuery;
    if (query.sig === undefined) return undefined;
    const checked = signer.check(query, ['purpose', 'reference'] as const);
    if ('refused' in checked) {
      throw new AppError('forbidden', checked.refused === 'expired' ? LINK_EXPIRED : LINK_INVALID).withCode(
        `receipt_link_${checked.refused}`,
      );
    }
    return checked.fields.purpose === RECEIPT_PURPOSE && checked.fields.reference === reference;
  }

  /** Whether the signed-in caller may read this gift's receipt: its donor, or an admin. */
  async function isReader(request: FastifyRequest, donationId: number): Promise<boolean> {
    const user = request.user;
    if (!user) return false;
    if (user.role === 'admin') return true;
    return isOwnGift(db, donationId, user.id);
  }

  return async (app) => {
    app.get(
      '/api/donations/:reference/receipt.pdf',
      {
        // A signed link (a guest's), the signed-in donor who gave it, or an admin.
        config: { access: 'public' },
        schema: {
          description: 'The receipt of a recorded gift as a tagged PDF.',
          params: referenceParamSchema,
          querystring: receiptLinkQuerySchema,
          response: { 200: binary('A PDF document (application/pdf).'), ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.pdfPerAddress, clientKey(request.ip));
        const { reference } = request.params;
        const signed = signedFor(request, reference);
        const facts = signed === false ? null : await receiptFactsByReference(db, reference);
        const allowed = facts ? signed === true || (await isReader(request, facts.donationId)) : false;
        if (!facts || !allowed) throw new AppError('not_found', NOT_FOUND).withCode('receipt_not_found');
        const pdf = await drawn({ receipt: facts, charity: config.charity }, () =>
          renderReceipt(facts, config.charity),
        );
        return pdfReply(reply, receiptFileName(facts), pdf);
      },
    );

    app.get(
      '/api/donor/receipts',
      {
        config: { access: ['donor'] },
        schema: {
          description: "The signed-in donor's recorded gifts with a receipt, and the years with a statement.",
          response: { 200: donorReceiptsSchema, ...errors },
        },
      },
      async (request) => {
        const gifts = await giftsOfDonor(db, request.user!.id);
        return {
          receipts: gifts.map((g) => ({
            reference: g.reference,
            receiptNumber: g.receiptNumber,
            paidAt: g.paidAt.toISOString(),
            totalKobo: g.totalKobo,
            itemIds: g.itemIds,
          })),
          years: [...new Set(gifts.map((g) => lagosYear(g.paidAt)))].sort((a, b) => b - a),
        };
      },
    );

    app.get(
      '/api/donor/statements/:year.pdf',
      {
        config: { access: ['donor'] },
        schema: {
          description: "The signed-in donor's statement of every recorded gift in a calendar year (Lagos time).",
          params: statementYearParamSchema,
          response: { 200: binary('A PDF document (application/pdf).'), ...errors },
        },
      },
      async (request, reply) => {
        await limits.hit(LIMITS.pdfPerAddress, clientKey(request.ip));
        const userId = request.user!.id;
        const { year } = request.params;
        const gifts = await giftsOfYear(db, userId, year);
        if (gifts.length === 0) throw new AppError('not_found', NO_GIFTS_THAT_YEAR).withCode('no_gifts_that_year');
        const holder = await accountHolder(db, userId);
        const statement = { year, donorName: holder.name, donorEmail: holder.email, gifts };
        const pdf = await drawn({ statement, charity: config.charity }, () =>
          renderStatement(statement, config.charity),
        );
        return pdfReply(reply, statementFileName(year), pdf);
      },
    );

    app.post(
      '/api/receipts/resend',
      {
        config: { access: 'public' },
        schema: {
          description: "Mails an address's receipts to it; the same reply whether or not it has given.",
          body: emailOnlySchema,
          response: { 200: messageReplySchema, ...errors },
        },
      },
      async (request) => {
        const { email } = request.body;
        await limits.hit(LIMITS.resendPerAddress, clientKey(request.ip));
        await limits.hit(LIMITS.resendPerEmail, email);
        // Queued, so the reply never waits on the mail server nor takes longer for an address that gave.
        await jobs.enqueue(db, JOB.resendReceipts, { email } satisfies ResendReceiptsJob, { singletonKey: email });
        jobs.wake(JOB.resendReceipts);
        return { message: RESEND_REPLY };
      },
    );
  };
}
