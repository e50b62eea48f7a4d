import { describe, expect, it } from 'vitest';
import { parseCampaignId, toCampaignId } from './ids';
import { formatNaira, koboToNairaText, nairaToKobo, percentOf } from './money';
import { searchQuerySchema } from './campaigns';
import { normalizeSearchQuery } from './search';
import { cutAtWord, truncate } from './text';
import { campaignTitle, documentTitle, SITE_NAME } from './site';

describe('money', () => {
  it('formats kobo as naira in en-NG', () => {
    expect(formatNaira(85_000_000)).toBe('₦850,000');
    expect(formatNaira(4_500)).toBe('₦45');
    expect(formatNaira(123_456)).toBe('₦1,234.56');
    expect(formatNaira(5)).toBe('₦0.05');
    expect(formatNaira(35_000_050)).toBe('₦350,000.50');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(Number.NaN)).toBe('₦0');
  });

  it('reads naira typed by a person into integer kobo', () => {
    expect(nairaToKobo('1,250.50')).toBe(125_050);
    expect(nairaToKobo('₦ 850000')).toBe(85_000_000);
    expect(nairaToKobo('0.1')).toBe(10);
    expect(nairaToKobo(12.34)).toBe(1_234);
    expect(nairaToKobo('1.234')).toBeNull();
    expect(nairaToKobo('-5')).toBeNull();
    expect(nairaToKobo('abc')).toBeNull();
    expect(nairaToKobo('')).toBeNull();
  });

  it('reads naira into kobo without float rounding', () => {
    // As floats times 100 the first four are off by a little (1.15 * 100 is 114.99999999999999).
    expect(nairaToKobo('1.15')).toBe(115);
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo('19.99')).toBe(1_999);
    expect(nairaToKobo('4.35')).toBe(435);
    expect(nairaToKobo(1.15)).toBe(115);
    expect(nairaToKobo('25000.5')).toBe(2_500_050);
    expect(nairaToKobo('25000.50')).toBe(2_500_050);
    expect(nairaToKobo('0012.30')).toBe(1_230);
    expect(nairaToKobo('0')).toBe(0);
    expect(nairaToKobo(' 350,000.50 ')).toBe(35_000_050);
  });

  it('answers null for naira it cannot read exactly', () => {
    for (const bad of ['.5', '5.', '1.', '1.2.3', '1e3', '0x10', '+5', '5 000.5.0', 'NaN', 'Infinity', '½']) {
      expect(nairaToKobo(bad), bad).toBeNull();
    }
    expect(nairaToKobo(1e21)).toBeNull();
    expect(nairaToKobo(Number.NaN)).toBeNull();
    expect(nairaToKobo(-1.5)).toBeNull();
    // Past the integers a number holds exactly.
    expect(nairaToKobo('90071992547409.92')).toBeNull();
    expect(nairaToKobo('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('writes kobo back as naira a person can type, in integers', () => {
    expect(koboToNairaText(115)).toBe('1.15');
    expect(koboToNairaText(2_500_000)).toBe('25000');
    expect(koboToNairaText(2_500_050)).toBe('25000.50');
    expect(koboToNairaText(5)).toBe('0.05');
    expect(koboToNairaText(0)).toBe('0');
    expect(koboToNairaText(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    for (const bad of [-100, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(koboToNairaText(bad), String(bad)).toBe('');
    for (const kobo of [1, 29, 115, 1_999, 35_000_050, 999_999_999_999]) {
      expect(nairaToKobo(koboToNairaText(kobo))).toBe(kobo);
    }
  });

  it('computes whole percentages, safe for zero totals', () => {
    expect(percentOf(25, 60)).toBe(42);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(70, 60)).toBe(100);
  });
});

describe('campaign ids', () => {
  it('tells organization ids by their org- prefix', () => {
    expect(parseCampaignId('12')).toEqual({ kind: 'recipient', id: 12 });
    expect(parseCampaignId('org-7')).toEqual({ kind: 'organization', id: 7 });
    expect(parseCampaignId(5)).toEqual({ kind: 'recipient', id: 5 });
    expect(toCampaignId({ kind: 'organization', id: 7 })).toBe('org-7');
    expect(toCampaignId({ kind: 'recipient', id: 12 })).toBe('12');
  });

  it('refuses anything that is not a positive id', () => {
    for (const bad of ['', 'org-', 'org-0', '0', '-3', '1.5', 'abc', 'org-abc', 'ORG-1', '99999999999', '012']) {
      expect(parseCampaignId(bad), bad).toBeNull();
    }
  });
});

describe('truncate', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(truncate('Short reason.', 90)).toBe('Short reason.');
    const long = 'My WAEC exams are coming and I need to read mathematics and chemistry in braille every single day.';
    const cut = truncate(long, 90);
    expect(cut.length).toBeLessThanOrEqual(93);
    expect(cut.endsWith('...')).toBe(true);
    expect(long.startsWith(cut.slice(0, -3))).toBe(true);
    expect(cut).not.toMatch(/\s\.\.\.$/);
  });

  it('cuts a single long word hard', () => {
    expect(truncate('x'.repeat(200), 10)).toBe(`${'x'.repeat(10)}...`);
  });
});

describe('search query', () => {
  it('collapses whitespace and refuses blank or over-long queries', () => {
    expect(normalizeSearchQuery('  braille   display ')).toBe('braille display');
    expect(searchQuerySchema.parse(' cane ')).toBe('cane');
    expect(searchQuerySchema.safeParse('   ').success).toBe(false);
    expect(searchQuerySchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(searchQuerySchema.safeParse('a'.repeat(100)).success).toBe(true);
  });
});

describe('cutAtWord', () => {
  it('keeps a short text whole and cuts a long one at a word with an ellipsis', () => {
    expect(cutAtWord('  A short\n reason.  ', 200)).toBe('A short reason.');
    const long = 'word '.repeat(60);
    const cut = cutAtWord(long, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^(word )+word…$/);
    expect(cutAtWord('x'.repeat(300), 200)).toHaveLength(200);
    expect(cutAtWord(`${'a'.repeat(150)}, ${'b'.repeat(100)}`, 200)).toBe(`${'a'.repeat(150)}…`);
  });
});

describe('the site', () => {
  it('names a page before the site, and a campaign by its product and whom it is for', () => {
    expect(documentTitle(SITE_NAME)).toBe('Gift of Independence');
    expect(documentTitle('Help Center')).toBe('Help Center | Gift of Independence');
    expect(campaignTitle('Orbit Reader 20', 'Tunde B.')).toBe('Orbit Reader 20 for Tunde B.');
  });
});
