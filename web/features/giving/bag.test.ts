import { describe, expect, it } from 'vitest';
import { giftName } from './bag';

describe('giftName', () => {
  it('names whom each gift is for, so two gifts of the same device sound different', () => {
    const watch = { product_name: 'Talking Watch', type: 'recipient' as const };
    expect(giftName({ ...watch, first_name: 'Amina', last_name: 'B.' })).toBe('Talking Watch for Amina B.');
    expect(giftName({ ...watch, first_name: 'Tunde', last_name: 'O.' })).toBe('Talking Watch for Tunde O.');
    expect(
      giftName({
        product_name: 'Braille Slate',
        type: 'organization',
        organization_name: 'Lagos School for the Blind',
      }),
    ).toBe('Braille Slate for Lagos School for the Blind');
  });
});
