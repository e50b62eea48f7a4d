import { describe, expect, it } from 'vitest';
import { FUND_REFUSAL } from '@contract/payment-channels';
import { ApiError } from '@/lib/api';
import { ShownError, nothingTakenYet } from './messages';

describe('a failed fund call after the payment window closed', () => {
  it('keeps the checkout when nothing was paid or nothing can be said yet', () => {
    expect(nothingTakenYet(new ApiError(400, 'not completed', FUND_REFUSAL.notCompleted))).toBe(true);
    expect(nothingTakenYet(new ApiError(0, 'offline'))).toBe(true);
    expect(nothingTakenYet(new ApiError(502, 'provider down'))).toBe(true);
    expect(nothingTakenYet(new ApiError(429, 'slow down'))).toBe(true);
  });

  it('is told to the donor when money may have moved', () => {
    expect(nothingTakenYet(new ApiError(400, 'another amount', FUND_REFUSAL.amountMismatch))).toBe(false);
    expect(nothingTakenYet(new ApiError(404, 'unknown reference'))).toBe(false);
    expect(nothingTakenYet(new ShownError('unexpected reply'))).toBe(false);
  });
});
