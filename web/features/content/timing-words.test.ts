import { describe, expect, it } from 'vitest';
import { timingWords } from './timing-words';

const figures = (funded: number, delivered: number, devicesDelivered: number) => ({
  approval_to_funded: { median_days: funded ? 12 : null, campaigns: funded },
  funded_to_delivered: { median_days: delivered ? 20 : null, campaigns: delivered },
  devices: { funded: 5, delivered: devicesDelivered },
});

describe('timingWords', () => {
  it('prints no median sentence over 0 campaigns, and accounts for the devices delivered', () => {
    const words = timingWords(figures(0, 0, 2)).join(' ');
    expect(words).not.toMatch(/median/i);
    expect(words).not.toMatch(/\b0\b/);
    expect(words).toContain('The devices delivered so far are counted above');
    expect(timingWords(figures(0, 0, 0)).join(' ')).not.toContain('devices delivered so far');
  });

  it('names the campaigns each median is taken over, one or many', () => {
    expect(timingWords(figures(1, 3, 4))).toEqual([
      'The time to be funded is the median over 1 campaign whose approval and last gift are on record. A campaign is funded on the day its last gift was paid.',
      'The time to delivery is the median over 3 campaigns delivered in full, with the day of delivery on record.',
    ]);
    expect(timingWords(figures(2, 0, 0))[1]).toBe('No delivered campaign has its day of delivery on record yet.');
  });
});
