import { describe, expect, it } from 'vitest';
import { dayProblem } from './calendar-day';
import { consentSchema } from './caseworkers';
import { collectionDayQuerySchema } from './collections';
import { recordDeliverySchema } from './deliveries';
import { paymentFiltersSchema } from './money-desk';

const OUT_OF_RANGE = ['0000-01-01', '0001-01-01', '1999-12-31', '2101-01-01', '9999-12-31'];

describe('calendar days', () => {
  it('takes real days from 2000-01-01 to 2100-12-31 only', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2100-12-31']) expect(dayProblem(day), day).toBeNull();
    for (const day of OUT_OF_RANGE) expect(dayProblem(day), day).toBe('range');
    for (const day of ['2026-02-30', '2100-02-29', '2026-13-01']) expect(dayProblem(day), day).toBe('unreal');
    for (const day of ['26-01-01', '2026-1-1', '+02026-01-01', '2026-01-01T00:00'])
      expect(dayProblem(day), day).toBe('format');
  });

  it('is the rule of every date a query or form takes', () => {
    for (const day of OUT_OF_RANGE) {
      expect(paymentFiltersSchema.safeParse({ from: day }).error?.issues[0]?.message).toBe(
        'from must be a day from 2000-01-01 to 2100-12-31.',
      );
      expect(paymentFiltersSchema.safeParse({ to: day }).success).toBe(false);
      expect(collectionDayQuerySchema.safeParse({ date: day }).success).toBe(false);
      expect(recordDeliverySchema.safeParse({ units: 1, deliveredOn: day }).success).toBe(false);
      expect(consentSchema.safeParse({ method: 'spoken', givenOn: day, witnessName: 'Ada Obi' }).success).toBe(false);
    }
    expect(paymentFiltersSchema.safeParse({ from: '2000-01-01', to: '2100-12-31' }).success).toBe(true);
    expect(consentSchema.safeParse({ method: 'spoken', givenOn: '2020-05-01', witnessName: 'Ada Obi' }).success).toBe(
      true,
    );
  });
});
