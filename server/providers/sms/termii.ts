import type { SmsSender } from './sms';

export type TermiiOptions = {
  apiKey: string;
  /** The approved sender ID (up to 11 letters) the message comes from. */
  senderId: string;
  /** https://api.ng.termii.com, or a stand-in's address in tests. */
  apiBase: string;
  /** 'dnd' reaches numbers on the Do-Not-Disturb register (transactional messages); 'generic' does not. */
  channel: 'dnd' | 'generic';
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** What Termii answers to a send: a message id when it took the message, a message either way. */
type TermiiReply = { code?: unknown; message_id?: unknown; message?: unknown };

/**
 * Termii's SMS API (POST {base}/api/sms/send, JSON). The number goes without its '+', as Termii
 * wants it. Throws when Termii cannot be reached, answers other than 2xx, or says the message was
 * not taken, so the job that sends it is retried; the error names neither the key nor the text.
 */
export function createTermiiSms(options: TermiiOptions): SmsSender {
  const doFetch = options.fetchImpl ?? fetch;
  const url = `${options.apiBase.replace(/\/+$/, '')}/api/sms/send`;
  return {
    description: `Termii (${options.channel} route, sender ${options.senderId})`,
    async send(message) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            api_key: options.apiKey,
            to: message.to.replace(/^\+/, ''),
            from: options.senderId,
            sms: message.text,
            type: 'plain',
            channel: options.channel,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new Error(`Termii could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      let reply: TermiiReply = {};
      try {
        reply = (await res.json()) as TermiiReply;
      } catch {
        // A body that is not JSON is judged by the status alone, below.
      }
      const said = typeof reply.message === 'string' ? `: ${reply.message.slice(0, 200)}` : '';
      if (!res.ok) throw new Error(`Termii refused the SMS (HTTP ${res.status})${said}`);
      const id = reply.message_id;
      const taken = (typeof id === 'string' && id !== '') || typeof id === 'number' || reply.code === 'ok';
      if (!taken) throw new Error(`Termii did not take the SMS${said}`);
    },
  };
}
