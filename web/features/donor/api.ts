import { useQuery } from '@tanstack/react-query';
import { donorGiftsSchema, type DonorGifts, type Gift } from '@contract/giving';
import { donorReceiptsSchema, type DonorReceipt, type DonorReceipts } from '@contract/receipts';
import { apiDownload, apiGet, retryUnlessRefused } from '@/lib/api';

export function useDonorGifts() {
  return useQuery({
    queryKey: ['donor', 'gifts'],
    queryFn: async (): Promise<DonorGifts> => donorGiftsSchema.parse(await apiGet<unknown>('/donor/gifts')),
    retry: retryUnlessRefused,
  });
}

/** The name a donor knows the gift by: the organization, or the person. */
export function recipientName(gift: Gift): string {
  if (gift.fund) return gift.product_name;
  const org = gift.organization_name?.trim();
  if (org) return org;
  return `${gift.recipient_first_name} ${gift.recipient_last_name}`.trim();
}

export function useDonorReceipts() {
  return useQuery({
    queryKey: ['donor', 'receipts'],
    queryFn: async (): Promise<DonorReceipts> => donorReceiptsSchema.parse(await apiGet<unknown>('/donor/receipts')),
    retry: retryUnlessRefused,
  });
}

/** Saves a gift's receipt (the signed-in route: the session's token proves it is the donor's). */
export const downloadReceipt = (receipt: DonorReceipt) =>
  apiDownload(
    `/donations/${encodeURIComponent(receipt.reference)}/receipt.pdf`,
    `gift-of-independence-receipt-${receipt.receiptNumber}.pdf`,
  );

export const downloadStatement = (year: number) =>
  apiDownload(`/donor/statements/${year}.pdf`, `gift-of-independence-statement-${year}.pdf`);
