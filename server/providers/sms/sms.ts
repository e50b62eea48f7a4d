/** One text message to one Nigerian number (+234...). */
export type SmsMessage = { to: string; text: string };

/** Sends SMS: through the gateway when configured, otherwise as files in an outbox folder. */
export interface SmsSender {
  readonly description: string;
  send(message: SmsMessage): Promise<void>;
}
