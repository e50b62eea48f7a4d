import { HELP_LINE } from '@contract/sms';
import { SITE_NAME } from '@contract/site';

// What the voice line says (docs/decisions/0067): short sentences in plain words, one idea each,
// so a listener on a basic phone can follow them at a slow pace.

export const GREETING = `Welcome to ${SITE_NAME}.`;

export const ABOUT_US = [
  `${SITE_NAME} is a charity in Lagos.`,
  'We help blind and visually impaired people in Nigeria get devices such as braille displays, talking phones and white canes.',
  'Donors pay for each device. The person who asked for it pays nothing.',
  'The spoken menu is for people who asked us for a device, calling from the phone number on their account.',
];

export const CALL_BACK_OFFER = 'To ask us to call you back, press 0.';
export const REPEAT_OFFER = 'To hear this again, press 9.';
export const PIN_BY_SMS_OFFER = 'To get a voice PIN by text message, press 1.';

export const ASK_PIN = 'Please enter your four-digit voice PIN, then press the hash key.';
export const WRONG_PIN = 'That PIN is not right. Please try again.';
export const PIN_LOCKED_NOW =
  'That PIN was not right three times. For your safety, voice sign-in for this number is now locked for thirty minutes. Goodbye.';
export const PIN_LOCKED_BEFORE =
  'Voice sign-in for this number is locked for now, after three wrong PINs. Please call again later.';
export const PIN_SMS_COMING =
  'We are sending your voice PIN by text message. When it arrives, call us again and enter it. Goodbye.';
export const PIN_SMS_SENT_RECENTLY =
  'We sent you a voice PIN a few minutes ago. Please check your text messages, then call us again. Goodbye.';

export const MENU = [
  'Main menu.',
  "To hear your request's status, press 1.",
  'For your collection, press 2.',
  'For the latest update and delivery, press 3.',
  CALL_BACK_OFFER,
  REPEAT_OFFER,
];

export const NOT_ON_MENU = 'Sorry, that key is not on the menu.';
export const DID_NOT_HEAR = 'We did not hear a key.';
export const SILENT_GOODBYE = `We did not hear a key, so we will end this call. Please call again any time. Goodbye from ${SITE_NAME}.`;
export const CALL_BACK_TAKEN = `Thank you. Someone from our team will call you back on this number soon, within two working days. Goodbye from ${SITE_NAME}.`;

export const NO_REQUEST = 'You have not created a campaign yet.';
export const NOT_READY_YET = 'Your device is not ready for collection yet. We will tell you as soon as it is.';
export const NO_OPEN_TIMES = `There are no open collection times right now. Please call again in a few days, or call ${HELP_LINE}.`;
export const NO_UPDATE = 'There is no update on your campaign yet.';
export const NO_DELIVERY = 'There is no delivery news yet.';
export const BACK_TO_MENU = 'To go back to the main menu, press 9.';

export const bookedAt = (when: string, place: string, bring: string) => [
  `Your collection is booked for ${when}.`,
  `The place is ${place}.`,
  bring,
];

export const chooseTime = (times: string[]) => [
  'These collection times are open.',
  ...times.map((when, i) => `For ${when}, press ${i + 1}.`),
  BACK_TO_MENU,
];
