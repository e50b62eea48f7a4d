import { z } from 'zod';

/** One recorded gift a donor account can download a receipt for. */
export const donorReceiptSchema = z.object({
  reference: z.string(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  totalKobo: z.number().int(),
  /** The gift history's rows (donation items) this receipt covers. */
  itemIds: z.array(z.number().int()),
});
export type DonorReceipt = z.infer<typeof donorReceiptSchema>;

export const donorReceiptsSchema = z.object({
  receipts: z.array(donorReceiptSchema),
  /** Calendar years (Lagos time) with at least one recorded gift, newest first: each has a statement. */
  years: z.array(z.number().int()),
});
export type DonorReceipts = z.infer<typeof donorReceiptsSchema>;

export const statementYearParamSchema = z.object({
  year: z.coerce
    .number({ error: 'The year must be a number such as 2025.' })
    .int('The year must be a whole number such as 2025.')
    .min(2000, 'There are no statements before 2000.')
    .max(2200, 'That year is too far ahead.'),
});

/** The query a signed receipt link carries; checked by the server's signature, never trusted alone. */
export const receiptLinkQuerySchema = z.object({
  purpose: z.string().max(40).optional(),
  reference: z.string().max(120).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(200).optional(),
});
