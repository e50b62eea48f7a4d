/** One notice to one Nigerian number (+234...): the same complete text its SMS would carry. */
export type WhatsAppMessage = { to: string; text: string };

/**
 * Sends WhatsApp messages: through the WhatsApp Business Cloud API when configured, otherwise as
 * files in an outbox folder. Throws `WhatsAppRefused` when the provider will not take a message
 * whatever the number of tries, any other error when a later try may succeed.
 */
export interface WhatsAppSender {
  readonly description: string;
  /** Resolves to the provider's id for the message when it gives one (the Cloud API's `wamid.…`). */
  send(message: WhatsAppMessage): Promise<string | undefined>;
}

/**
 * The one template every notice goes out in (docs/decisions/0069): approved once with Meta as a
 * Utility template in English, its body one parameter, the notice's complete text, between fixed
 * words (a template's body may neither start nor end with a parameter).
 */
export const NOTICE_TEMPLATE = {
  name: 'gift_of_independence_notice',
  language: 'en',
  body: 'You have a new notice. {{1}} You get these on WhatsApp because you chose it in your account settings.',
} as const;

/** The notice as the person reads it: the template's body with the text in its place. */
export const noticeBody = (text: string) => NOTICE_TEMPLATE.body.replace('{{1}}', asParameter(text));

/**
 * A template parameter may hold no line break or tab and no more than four spaces in a row: the
 * text's white space is made single spaces, which changes no word of it.
 */
export const asParameter = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The provider refused the message and will refuse it again: the caller sends it another way. */
export class WhatsAppRefused extends Error {
  override readonly name = 'WhatsAppRefused';
}
