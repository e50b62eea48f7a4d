// How a person is told, and how long an SMS may be (docs/decisions/0042). Plain values with no
// schema library, so any page may import them.

/**
 * How a recipient or organization is told of a change: by mail, by SMS, both, or by WhatsApp (a
 * message WhatsApp cannot deliver comes by SMS instead; docs/decisions/0069).
 */
export const NOTIFY_BY = ['email', 'sms', 'both', 'whatsapp'] as const;
export type NotifyBy = (typeof NOTIFY_BY)[number];

export const NOTIFY_BY_WORDS: Record<NotifyBy, string> = {
  email: 'Email only',
  sms: 'SMS (text message) only',
  both: 'Email and SMS',
  whatsapp: 'WhatsApp',
};

export const sendsSms = (notifyBy: NotifyBy | null | undefined) => notifyBy === 'sms' || notifyBy === 'both';
export const sendsWhatsApp = (notifyBy: NotifyBy | null | undefined) => notifyBy === 'whatsapp';
export const sendsEmail = (notifyBy: NotifyBy | null | undefined) => notifyBy !== 'sms' && notifyBy !== 'whatsapp';
/** The choices that reach a phone, and so need a number on the account. */
export const needsPhone = (notifyBy: NotifyBy | null | undefined) => sendsSms(notifyBy) || sendsWhatsApp(notifyBy);

/**
 * The ways a person may choose: an account with no email is told on its phone only, by SMS or
 * WhatsApp (docs/decisions/0066).
 */
export const notifyChoicesFor = (account: { email: string | null }): readonly NotifyBy[] =>
  account.email ? NOTIFY_BY : NOTIFY_BY.filter((way) => !sendsEmail(way));

/** Every SMS the platform sends fits in this many segments. */
export const SMS_MAX_SEGMENTS = 2;

/** The number an SMS tells people to call: the collection centre's help line. */
export const HELP_LINE = '0201 330 0470';

// GSM 03.38: the basic set costs one septet a character, the extension set two (escape + char).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export type SmsLength = {
  /** GSM-7 when every character is in the GSM 03.38 sets, otherwise UCS-2. */
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7, UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
};

/**
 * Counts an SMS as a gateway bills it: GSM-7 carries 160 septets alone or 153 a segment when
 * split (the rest is the concatenation header); UCS-2 carries 70 code units alone or 67 when split.
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENDED.includes(ch)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

export const fitsSms = (text: string) => smsLength(text).segments <= SMS_MAX_SEGMENTS;
