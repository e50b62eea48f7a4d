import { describe, expect, it } from 'vitest';
import { HELP_LINE, SMS_MAX_SEGMENTS, smsLength } from '@contract/sms';
import { reviewKinds } from '../modules/campaigns/review-kinds';
import { deliveryNotice } from '../modules/deliveries/record-delivery';
import { fundedNotice } from '../modules/giving/announce-gift';
import { declineSms } from '../modules/giving/monthly/charge-monthly';
import { correctionNotice, verifiedNotice } from '../modules/onboarding/onboarding-reviews';
import type { Reach } from '../modules/notifications/queries';
import { clip, fitting, gsm, signed } from '../modules/notifications/sms-text';
import { messagesFor, type Notice } from '../modules/notifications/tell-user';

// The texts of notices from several modules: tested here, above them all, since notifications/ sits
// below every module that sends a notice.
const LONG_PRODUCT =
  'Orbit Reader 40 Refreshable Braille Display with Bluetooth, Note-Taker, Spare Battery and Carrying Case (2025 edition)';
const LONG_REQUEST = `12 units of ${LONG_PRODUCT} (\u20A614,400,000)`;
const LONG_REASON =
  'The identity document you sent is not readable: the photo is blurred and the name on it does not match the name on your profile. \u201CPlease\u201D send a clear photo of the original NIN slip or voter\u2019s card \u2013 the whole page, in daylight, with nothing covering the number. '.repeat(
    3,
  );
const SHORT_REASON = 'The photo is blurred';

/** Every notice a recipient or organization may be sent, built with long realistic values. */
function everyNotice(): Array<[string, Notice]> {
  const notices: Array<[string, Notice]> = [];
  for (const kind of ['recipient', 'organization'] as const) {
    const what = kind === 'recipient' ? LONG_PRODUCT : LONG_REQUEST;
    for (const [action, words] of Object.entries(reviewKinds[kind].moved)) {
      notices.push([`${kind} ${action}`, words.notice(what, LONG_REASON)]);
      notices.push([`${kind} ${action}, short reason`, words.notice(what, SHORT_REASON)]);
      notices.push([`${kind} ${action}, no reason`, words.notice(what, '')]);
    }
    notices.push([
      `${kind} funded`,
      fundedNotice({ kind, label: `${LONG_PRODUCT} for Adaeze Okonkwo-Babatunde`, units: 12 }),
    ]);
  }
  notices.push(['onboarding verified', verifiedNotice('recipient')]);
  notices.push(['onboarding correction', correctionNotice(LONG_REASON)]);
  notices.push(['onboarding correction, short', correctionNotice(SHORT_REASON)]);
  for (const completes of [true, false])
    notices.push([
      `organization delivery${completes ? ', complete' : ''}`,
      deliveryNotice({
        units: 12,
        what: LONG_REQUEST,
        day: '28 November 2026',
        delivered: 112,
        funded: 120,
        completes,
      }),
    ]);
  const text = (sms: string): Notice => ({ subject: '', message: '', link: '', sms });
  notices.push(['monthly gift declined', text(declineSms(500_000_000, new Date('2026-12-31T08:00:00Z')))]);
  notices.push(['monthly gift paused after declines', text(declineSms(500_000_000, null))]);
  return notices;
}

describe('SMS texts', () => {
  const notices = everyNotice();

  it.each(notices)('%s: signed, plain GSM-7, within the segment limit, with the help line', (_, notice) => {
    const text = notice.sms!;
    expect(text).toBeDefined();
    expect(text.startsWith('Gift of Independence: ')).toBe(true);
    expect(smsLength(text).encoding).toBe('GSM-7');
    expect(smsLength(text).segments).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
    expect(text).toContain(HELP_LINE);
    expect(text).not.toMatch(/https?:|\/\w+\/\w+/);
  });

  it('keeps the reason, cut with "..." only when it is long, and names what to do next', () => {
    const reject = reviewKinds.recipient.moved.reject!;
    expect(reject.notice('Folding White Cane', SHORT_REASON).sms).toBe(
      `Gift of Independence: Your request for a Folding White Cane was not approved. Our reason: The photo is blurred. You may make a new request. Questions? Call ${HELP_LINE}.`,
    );
    const long = reject.notice('Folding White Cane', LONG_REASON).sms!;
    expect(long).toMatch(
      /Our reason: The identity document you sent is not readable.*\.\.\. You may make a new request\./,
    );
    // Cut no more than needed: one more character of the reason would not fit.
    expect(smsLength(long).units).toBeGreaterThan(2 * 153 - 10);
  });

  it('tells a recipient whose device is ready to book a collection time by signing in or calling', () => {
    const text = reviewKinds.recipient.moved.markReadyForPickup!.notice('Folding White Cane', '').sms!;
    expect(text).toContain('Book a collection time: sign in to our website, or call');
    expect(text).toContain('original of your ID');
  });

  it('writes look-alikes for characters outside GSM-7, and clips and fits long values', () => {
    expect(gsm('\u201CN\u00E1ira\u201D \u20A65,000 \u2013 \u1EB8k\u00F3 \u2026 \u{1F600}')).toBe(
      '"Naira" N5,000 - Eko ... ?',
    );
    expect(clip('  a   long    name here ', 10)).toBe('a long...');
    expect(clip('short', 10)).toBe('short');
    const text = fitting((v) => signed(`Start ${v} end.`), 'word '.repeat(200));
    expect(smsLength(text).segments).toBe(SMS_MAX_SEGMENTS);
    expect(text).toMatch(/\.\.\. end\.$/);
  });
});

describe('how a notice goes out', () => {
  const notice: Notice = { subject: 'S', message: 'M', link: '/recipient/status', sms: 'Gift of Independence: T' };
  const person = (over: Partial<Reach>): Reach => ({
    email: 'ada@example.org',
    firstName: 'Ada',
    phoneNumber: '+2348031234567',
    notifyBy: 'both',
    ...over,
  });
  const channels = (reach: Reach, n: Notice = notice) => {
    const { mail, sms } = messagesFor('https://example.org', reach, n);
    return { mail: mail?.to ?? null, sms: sms ? `${sms.to} ${sms.text}` : null };
  };

  it('follows the choice: email, SMS or both', () => {
    expect(channels(person({ notifyBy: 'email' }))).toEqual({ mail: 'ada@example.org', sms: null });
    expect(channels(person({ notifyBy: 'both' }))).toEqual({
      mail: 'ada@example.org',
      sms: '+2348031234567 Gift of Independence: T',
    });
    expect(channels(person({ notifyBy: 'sms' }))).toEqual({
      mail: null,
      sms: '+2348031234567 Gift of Independence: T',
    });
  });

  it('texts an SMS-only person whose address is not verified, and mails someone no SMS can reach', () => {
    expect(channels(person({ notifyBy: 'sms', email: null }))).toEqual({
      mail: null,
      sms: '+2348031234567 Gift of Independence: T',
    });
    expect(channels(person({ notifyBy: 'both', email: null }))).toEqual({
      mail: null,
      sms: '+2348031234567 Gift of Independence: T',
    });
    expect(channels(person({ notifyBy: 'sms', phoneNumber: null }))).toEqual({ mail: 'ada@example.org', sms: null });
    expect(channels(person({ notifyBy: 'sms' }), { ...notice, sms: undefined })).toEqual({
      mail: 'ada@example.org',
      sms: null,
    });
    expect(channels(person({ notifyBy: 'email', phoneNumber: null, email: null }))).toEqual({ mail: null, sms: null });
  });

  it('texts a person with no usable email whatever they chose, so the news is not lost (decision 0066)', () => {
    expect(channels(person({ notifyBy: 'email', email: null }))).toEqual({
      mail: null,
      sms: '+2348031234567 Gift of Independence: T',
    });
  });
});

describe('who is told by WhatsApp', () => {
  const notice: Notice = { subject: 'S', message: 'M', link: '/recipient/status', sms: 'Gift of Independence: T' };
  const reach: Reach = {
    email: 'ada@example.org',
    firstName: 'Ada',
    phoneNumber: '+2348031234567',
    notifyBy: 'whatsapp',
  };
  const channels = (r: Reach, n: Notice = notice) => {
    const { mail, sms, whatsapp } = messagesFor('https://example.org', r, n);
    return {
      mail: mail?.to ?? null,
      sms: sms?.to ?? null,
      whatsapp: whatsapp ? `${whatsapp.to} ${whatsapp.text}` : null,
    };
  };

  it('sends the SMS text by WhatsApp alone, and mails only when nothing can go to the phone', () => {
    expect(channels(reach)).toEqual({ mail: null, sms: null, whatsapp: '+2348031234567 Gift of Independence: T' });
    expect(channels({ ...reach, email: null })).toMatchObject({ whatsapp: '+2348031234567 Gift of Independence: T' });
    expect(channels({ ...reach, phoneNumber: null })).toEqual({ mail: 'ada@example.org', sms: null, whatsapp: null });
    expect(channels(reach, { ...notice, sms: undefined })).toEqual({
      mail: 'ada@example.org',
      sms: null,
      whatsapp: null,
    });
    for (const notifyBy of ['email', 'sms', 'both'] as const)
      expect(channels({ ...reach, notifyBy }).whatsapp).toBeNull();
  });
});
