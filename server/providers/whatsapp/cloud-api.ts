import { asParameter, NOTICE_TEMPLATE, WhatsAppRefused, type WhatsAppSender } from './whatsapp';

export type CloudApiOptions = {
  /** A system user's access token with the whatsapp_business_messaging permission. */
  token: string;
  /** The id Meta gives the business phone number messages come from (not the number itself). */
  phoneNumberId: string;
  /** https://graph.facebook.com, or a stand-in's address in tests. */
  apiBase: string;
  /** The Graph API version, e.g. v23.0. */
  version: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** Graph API error codes that mean "too many, too fast": a later try may be taken. */
const THROTTLED = new Set([4, 80007, 130429, 131048, 131056]);

/** What the Cloud API answers: the message's id when it took it, a Graph API error otherwise. */
type CloudReply = {
  messages?: Array<{ id?: unknown }>;
  error?: { message?: unknown; code?: unknown; error_data?: { details?: unknown } };
};

/**
 * The WhatsApp Business Cloud API's template messages: POST {base}/{version}/{phone-number-id}/messages
 * with a bearer token and JSON `{ messaging_product: 'whatsapp', to, type: 'template', template }`,
 * the number without its '+'. A 4xx (other than throttling) is `WhatsAppRefused`: a wrong number,
 * a template Meta does not know, a token it refuses; asking again changes nothing. Unreachable, a
 * timeout, a 5xx, throttling or a 2xx without a message id throw a plain Error, so the job retries.
 * A message taken resolves to its id, which the status webhook names (webhook.ts).
 * No error names the token or the text.
 */
export function createCloudApiWhatsApp(options: CloudApiOptions): WhatsAppSender {
  const doFetch = options.fetchImpl ?? fetch;
  const url = `${options.apiBase.replace(/\/+$/, '')}/${options.version}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    description: `WhatsApp Cloud API (${options.version}, template ${NOTICE_TEMPLATE.name})`,
    async send(message) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to.replace(/^\+/, ''),
            type: 'template',
            template: {
              name: NOTICE_TEMPLATE.name,
              language: { code: NOTICE_TEMPLATE.language },
              components: [{ type: 'body', parameters: [{ type: 'text', text: asParameter(message.text) }] }],
            },
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        throw new Error(
          `The WhatsApp Cloud API could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      let reply: CloudReply = {};
      try {
        reply = (await res.json()) as CloudReply;
      } catch {
        // A body that is not JSON is judged by the status alone, below.
      }
      const code = typeof reply.error?.code === 'number' ? reply.error.code : undefined;
      const said = [reply.error?.message, reply.error?.error_data?.details]
        .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
        .map((s) => s.slice(0, 200))
        .join(' ');
      const why = `(HTTP ${res.status}${code === undefined ? '' : `, code ${code}`})${said ? `: ${said}` : ''}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 429 && !(code !== undefined && THROTTLED.has(code)))
        throw new WhatsAppRefused(`WhatsApp refused the message ${why}`);
      if (!res.ok) throw new Error(`WhatsApp did not take the message ${why}`);
      const id = reply.messages?.[0]?.id;
      if (typeof id !== 'string' || id === '') throw new Error('WhatsApp answered without a message id');
      return id;
    },
  };
}
