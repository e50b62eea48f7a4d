import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api';
import {
  DEDICATION_DEFAULTS,
  checkDedication,
  dedicationFormFields,
  dedicationOf,
  withFormNames,
} from './dedication-fields';

const form = z.object(dedicationFormFields).superRefine(checkDedication);
const problems = (values: Partial<typeof DEDICATION_DEFAULTS>) => {
  const parsed = form.safeParse({ ...DEDICATION_DEFAULTS, ...values });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the checkout form’s dedication', () => {
  it('asks nothing and sends nothing while the box is not ticked', () => {
    expect(problems({ dedicationName: 'x'.repeat(500) })).toEqual({});
    expect(dedicationOf({ ...DEDICATION_DEFAULTS, dedicationName: 'Ada' })).toBeUndefined();
  });

  it('puts each of the contract’s refusals on its own field once ticked', () => {
    expect(problems({ dedicated: true })).toEqual({
      dedicationKind: 'Choose in honour of, or in memory of.',
      dedicationName: 'Enter the name of the person the gift is for.',
    });
    expect(
      problems({ dedicated: true, dedicationKind: 'memory', dedicationName: 'Ada', dedicationNotifyEmail: 'ada@' }),
    ).toEqual({ dedicationNotifyEmail: 'Enter the address to tell in the format name@example.com.' });
    expect(
      problems({
        dedicated: true,
        dedicationKind: 'honour',
        dedicationName: 'Ada',
        dedicationMessage: 'y'.repeat(501),
      }),
    ).toEqual({ dedicationMessage: 'Please keep the message to 500 characters or fewer.' });
    expect(problems({ dedicated: true, dedicationKind: 'honour', dedicationName: 'Ada' })).toEqual({});
  });

  it('names the server’s refusals by the form’s fields', () => {
    const error = withFormNames(
      new ApiError(400, 'Bad', 'validation_failed', { 'dedication.name': ['Too long'], donorEmail: ['Bad address'] }),
    ) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.fieldErrors).toEqual({ dedicationName: ['Too long'], donorEmail: ['Bad address'] });
    expect(error.status).toBe(400);
  });
});
