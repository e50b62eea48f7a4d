import { describe, expect, it } from 'vitest';
import { eventually } from './harness';

describe('eventually', () => {
  it('answers the first value that holds', async () => {
    let n = 0;
    expect(
      await eventually(
        'the third try',
        async () => ++n,
        (v) => v === 3,
      ),
    ).toBe(3);
  });

  it('fails naming what it waited for and the last value seen', async () => {
    await expect(
      eventually(
        'the count to reach 5',
        async () => 2,
        (v) => v === 5,
        200,
      ),
    ).rejects.toThrow(/Gave up after 200 ms waiting for the count to reach 5; last seen: 2$/);
  });

  it('keeps trying after an error, and names the last one when it gives up', async () => {
    let n = 0;
    const flaky = async () => {
      if (++n < 3) throw new Error('not yet');
      return 'up';
    };
    expect(await eventually('the server to answer', flaky, (v) => v === 'up')).toBe('up');
    await expect(
      eventually(
        'the server to answer',
        async () => {
          throw new Error('connection refused');
        },
        () => true,
        200,
      ),
    ).rejects.toThrow(/waiting for the server to answer; last seen: the error Error: connection refused/);
  });
});
