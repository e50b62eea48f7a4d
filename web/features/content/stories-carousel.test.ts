import { describe, expect, it } from 'vitest';
import { wrapIndex } from './stories-carousel';

describe('carousel wrap-around', () => {
  it('goes from the last story to the first and back', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, 1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});
