import { BRING_WORDS, COLLECTION_CENTRE, HELP_LINE, lagosWhen, type BringKind } from '@contract/collections';
import { SITE_NAME } from '@contract/site';
import type { Notice } from '../notifications/tell-user';

// The SMS texts are complete without a link and stay within two GSM-7 segments (contract/sms.ts):
// the address is shortened, and no character outside GSM 03.38 is used.
const CENTRE_SHORT = '12 Herbert Macaulay Way, Yaba, Lagos';
const BRING_SMS: Record<BringKind, string> = {
  self: 'Bring the original ID you sent with your request.',
  parentOrGuardian: 'Bring the original ID of the parent or guardian you named.',
  organization: 'Bring a letter from your organization naming who collects, and their original ID.',
};

export type BookingFacts = { what: string; startsAt: Date | string; bring: BringKind };

const smsWhen = (at: Date | string) => lagosWhen(at);

/** The owner's notice when a collection is booked or moved. */
export function bookedNotice(facts: BookingFacts, link: string, moved: boolean): Notice {
  const when = lagosWhen(facts.startsAt);
  const verb = moved ? 'moved to' : 'booked for';
  return {
    subject: moved ? 'Your collection time has moved' : 'Your collection is booked',
    message: `Your collection of the ${facts.what} is ${verb} ${when}, at the ${COLLECTION_CENTRE}.`,
    details: [
      BRING_WORDS[facts.bring],
      moved
        ? `A collection can be moved only once. To change it again, please call ${HELP_LINE}.`
        : `You may move it once from your status page. For help, call ${HELP_LINE}.`,
    ],
    link,
    sms:
      `${SITE_NAME}: your collection is ${verb} ${smsWhen(facts.startsAt)} at ${CENTRE_SHORT}. ` +
      `${BRING_SMS[facts.bring]} Questions: call ${HELP_LINE}.`,
  };
}

/** The day-before reminder. */
export function reminderNotice(facts: BookingFacts, link: string): Notice {
  const when = lagosWhen(facts.startsAt);
  return {
    subject: 'Your collection is tomorrow',
    message: `A reminder: please come for the ${facts.what} tomorrow, ${when}, at the ${COLLECTION_CENTRE}.`,
    details: [BRING_WORDS[facts.bring], `If you cannot come, please call ${HELP_LINE}.`],
    link,
    sms:
      `${SITE_NAME}: reminder, your collection is tomorrow, ${smsWhen(facts.startsAt)}, at ${CENTRE_SHORT}. ` +
      `${BRING_SMS[facts.bring]} Cannot come? Call ${HELP_LINE}.`,
  };
}

/** A missed collection: the owner books again. */
export function missedNotice(facts: Omit<BookingFacts, 'bring'>, link: string): Notice {
  return {
    subject: 'We missed you at the collection centre',
    message: `Your collection of the ${facts.what} on ${lagosWhen(facts.startsAt)} was missed. Your device is kept for you: please book another time.`,
    details: [`Book a new time from your status page, or call ${HELP_LINE} and we will book it with you.`],
    link,
    sms:
      `${SITE_NAME}: we missed you at your collection time. Your device is kept for you. ` +
      `Please book another time on your status page, or call ${HELP_LINE} and we will book it with you.`,
  };
}

/**
 * After a collection, the request for a thank-you video (docs/decisions/0044): a short clip sent
 * on WhatsApp to the help line or by replying to the mail; the team adds it to the campaign page.
 */
export function thankYouVideoNotice(what: string, link: string): Notice {
  return {
    subject: 'Would you send a short thank-you video?',
    message: `Thank you for collecting the ${what}. Your donors would love to hear from you in a short thank-you video.`,
    details: [
      'Record a video of under one minute saying how the device helps you. Anyone may hold the phone for you.',
      `Send it on WhatsApp to ${HELP_LINE}, or reply to this mail with it attached. With your permission, we add it to your campaign page for your donors to see.`,
    ],
    link,
    sms:
      `${SITE_NAME}: thank you for collecting your device. Please send a short thank-you video ` +
      `(under 1 minute) for your donors on WhatsApp to ${HELP_LINE}. Questions: call ${HELP_LINE}.`,
  };
}
