import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { App } from '../app';

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Speaks Turnstile's siteverify: form-encoded secret, response and remoteip; JSON back. */
export async function startTurnstileStandIn(secret: string) {
  const seen: Array<Record<string, string>> = [];
  const used = new Set<string>();
  const server = await listen((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push(form);
      const token = form.response ?? '';
      // Tokens are single-use, as with the real service.
      const success = form.secret === secret && token.startsWith('pass') && !used.has(token);
      used.add(token);
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          success,
          hostname: token.includes('otherhost') ? 'evil.example' : 'giftofindependence.ng',
          'error-codes': success ? [] : ['invalid-input-response'],
        }),
      );
    });
  });
  return { verifyUrl: `${server.base}/turnstile/v0/siteverify`, seen, close: server.close };
}

/** Publishes a JWKS like Google's and signs ID tokens with its key (or a stranger's). */
export async function startGoogleStandIn() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = await listen((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  return {
    keysUrl: `${server.base}/oauth2/v3/certs`,
    async idToken(
      claims: { email: string; sub?: string; given_name?: string; family_name?: string; email_verified?: boolean },
      options: { audience: string; issuer?: string; expiresIn?: string | number; signWithStranger?: boolean },
    ) {
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience)
        .setSubject(claims.sub ?? `google-${claims.email}`)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(options.signWithStranger ? stranger.privateKey : privateKey);
    },
    close: server.close,
  };
}

/** A refund the Paystack stand-in was asked for. */
export type StandInRefund = { id: number; reference: string; amount: number; note: string; status: string };

/**
 * Speaks Paystack's API with the secret key: GET /transaction/verify/:reference, and POST /refund
 * (a transaction's reference, an amount in kobo up to what is left of it, a merchant note), which
 * answers a refund id with status pending as Paystack queues a refund. `deliver` sends the app a
 * webhook event signed as Paystack signs (`x-paystack-signature`, HMAC-SHA512 of the raw body with
 * the secret key), and `refundEvent` words one about a refund.
 */
export async function startPaystackStandIn(secretKey: string) {
  const transactions = new Map<
    string,
    { status: string; amount: number; currency: string; channel: string; id: number }
  >();
  const refunds: StandInRefund[] = [];
  const calls: string[] = [];
  /** Saved cards the stand-in declines when charged again. */
  const declining = new Set<string>();
  const authorizationOf = (reference: string) => `AUTH_${reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}`;
  let failures = 0;
  let refusals = 0;
  let nextRefundId = 4_000_001;
  /** Runs after a refund is made and before the answer leaves: where a test makes the webhook win the race. */
  let beforeRefundAnswer: ((refund: StandInRefund) => Promise<void>) | null = null;
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.end(JSON.stringify(body));
  };

  async function refund(res: http.ServerResponse, raw: string) {
    let body: { transaction?: unknown; amount?: unknown; merchant_note?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return answer(res, 400, { status: false, message: 'Invalid JSON' });
    }
    if (refusals > 0) {
      refusals -= 1;
      return answer(res, 400, { status: false, message: 'Refund cannot be processed at this time' });
    }
    const reference = typeof body.transaction === 'string' ? body.transaction : '';
    const tx = transactions.get(reference);
    if (!tx || tx.status !== 'success') return answer(res, 404, { status: false, message: 'Transaction not found' });
    const done = refunds.filter((r) => r.reference === reference && r.status !== 'failed');
    const left = tx.amount - done.reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount === undefined ? left : body.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0 || amount > left)
      return answer(res, 400, { status: false, message: 'Refund amount cannot be more than the transaction amount' });
    const made: StandInRefund = {
      id: nextRefundId++,
      reference,
      amount,
      note: typeof body.merchant_note === 'string' ? body.merchant_note : '',
      status: 'pending',
    };
    refunds.push(made);
    if (beforeRefundAnswer) await beforeRefundAnswer(made);
    answer(res, 200, {
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        transaction: { id: tx.id, reference, amount: tx.amount, currency: tx.currency, channel: tx.channel },
        integration: 100_001,
        deducted_amount: 0,
        channel: null,
        merchant_note: made.note,
        customer_note: `Refund for transaction ${reference}`,
        status: made.status,
        refunded_by: 'admin@example.org',
        expected_at: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        currency: tx.currency,
        domain: 'test',
        amount: made.amount,
        fully_deducted: false,
        id: made.id,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
    });
  }

  const server = await listen((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        return answer(res, 503, { status: false, message: 'Service unavailable' });
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return answer(res, 401, { status: false, message: 'Invalid key' });
      if (req.method === 'POST' && req.url === '/refund') {
        refund(res, raw).catch((error: unknown) => answer(res, 500, { status: false, message: String(error) }));
        return;
      }
      if (req.method === 'POST' && req.url === '/transaction/charge_authorization') {
        let body: { authorization_code?: unknown; email?: unknown; amount?: unknown; reference?: unknown };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return answer(res, 400, { status: false, message: 'Invalid JSON' });
        }
        const code = typeof body.authorization_code === 'string' ? body.authorization_code : '';
        const known = [...transactions.keys()].some((ref) => authorizationOf(ref) === code);
        if (!known) return answer(res, 400, { status: false, message: 'Invalid authorization code' });
        const ref = typeof body.reference === 'string' ? body.reference : '';
        if (!ref || transactions.has(ref))
          return answer(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
        const amount = Number(body.amount);
        const status = declining.has(code) ? 'failed' : 'success';
        transactions.set(ref, { status, amount, currency: 'NGN', channel: 'card', id: transactions.size + 1 });
        return answer(res, 200, {
          status: true,
          message: 'Charge attempted',
          data: {
            amount,
            currency: 'NGN',
            transaction_date: new Date().toISOString(),
            status,
            reference: ref,
            domain: 'test',
            gateway_response: status === 'success' ? 'Approved' : 'Insufficient Funds',
            channel: 'card',
            authorization: {
              authorization_code: code,
              reusable: true,
              card_type: 'visa ',
              last4: '4081',
              channel: 'card',
            },
            customer: { email: body.email },
          },
        });
      }
      const match = /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '');
      const reference = match ? decodeURIComponent(match[1]!) : '';
      const tx = transactions.get(reference);
      if (!tx) return answer(res, 400, { status: false, message: 'Transaction reference not found' });
      answer(res, 200, {
        status: true,
        message: 'Verification successful',
        data: {
          id: tx.id,
          status: tx.status,
          reference,
          amount: tx.amount,
          currency: tx.currency,
          channel: tx.channel,
          gateway_response: tx.status === 'success' ? 'Approved' : 'Transaction ongoing',
          ...(tx.channel === 'card'
            ? {
                authorization: {
                  authorization_code: authorizationOf(reference),
                  reusable: true,
                  card_type: 'visa ',
                  last4: '4081',
                  channel: 'card',
                },
              }
            : {}),
        },
      });
    });
  });
  return {
    apiBase: server.base,
    calls,
    /** Every refund asked of it, in order. */
    refunds,
    /** The next `n` calls answer 503, as Paystack does during an outage. */
    failNext(n: number) {
      failures = n;
    },
    /** The next `n` refunds are refused with status false, as Paystack refuses one it cannot make. */
    refuseRefunds(n: number) {
      refusals = n;
    },
    /** Runs `hook` after each refund is made and before its answer is sent (null to stop). */
    beforeRefundAnswer(hook: ((refund: StandInRefund) => Promise<void>) | null) {
      beforeRefundAnswer = hook;
    },
    /**
     * What Paystack knows of a reference (as if the donor paid through the popup): `status` as Paystack
     * words it (success, failed, abandoned, or ongoing, pending, processing, queued while a transfer
     * or USSD payment is under way), the `channel` paid by (card when not given) and Paystack's
     * transaction `id` (1 when not given).
     */
    set(reference: string, tx: { status: string; amount: number; currency?: string; channel?: string; id?: number }) {
      transactions.set(reference, { currency: 'NGN', channel: 'card', id: 1, ...tx });
    },
    /** Charges of the card first paid with `reference` are declined from now on (or accepted again). */
    declineCard(reference: string, declined = true) {
      if (declined) declining.add(authorizationOf(reference));
      else declining.delete(authorizationOf(reference));
    },
    /** A refund event as Paystack words it; the refund's status follows the event. */
    refundEvent(
      event: 'refund.pending' | 'refund.processed' | 'refund.failed',
      refund: { id: number | string; reference: string; amount: number },
    ) {
      const status = event.slice('refund.'.length);
      const made = refunds.find((r) => String(r.id) === String(refund.id));
      if (made) made.status = status;
      return {
        event,
        data: {
          status,
          transaction_reference: refund.reference,
          refund_reference: `RRN${refund.id}`,
          amount: refund.amount,
          currency: 'NGN',
          processor: 'mastercard',
          customer: { first_name: null, last_name: null, email: 'donor@example.org' },
          integration: 100_001,
          domain: 'test',
          id: String(refund.id),
        },
      };
    },
    /** Sends `event` to the app's Paystack webhook, signed with the secret key (or `key`). */
    deliver(app: App, event: unknown, key = secretKey) {
      const body = JSON.stringify(event);
      return app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-paystack-signature': createHmac('sha512', key).update(body).digest('hex'),
        },
      });
    },
    close: server.close,
  };
}

/**
 * An S3-compatible server on loopback (s3rver speaks the S3 REST protocol: presigned PUTs, GET,
 * DELETE), with one bucket. It does not check signatures; the local adapter's tests do that.
 */
export async function startS3StandIn(bucket = 'goi-test') {
  const { default: S3rver } = await import('s3rver');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'goi-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    close: () => server.close(),
  };
}

/** A message the Termii stand-in took: the JSON fields Termii reads. */
export type TermiiSent = { to: string; from: string; sms: string; type: string; channel: string };

/**
 * Speaks Termii's SMS API: POST /api/sms/send with a JSON body (api_key, to, from, sms, type,
 * channel). It answers a message id as Termii does when it takes one, 401 for a wrong key, 400 for
 * a malformed message, and fails the next `n` sends with 503 (`failNext`) or with a 200 that says
 * it could not send (`refuseNext`).
 */
export async function startTermiiStandIn(apiKey: string) {
  const sent: TermiiSent[] = [];
  const bodies: unknown[] = [];
  let failures = 0;
  let refusals = 0;
  let nextId = 3_017_000_000;
  let calls = 0;
  const server = await listen((req, res) => {
    calls += 1;
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const answer = (status: number, body: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/api/sms/send') return answer(404, { message: 'Not found' });
      if (failures > 0) {
        failures -= 1;
        return answer(503, { message: 'Service unavailable' });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, { message: 'Invalid JSON' });
      }
      bodies.push(body);
      if (body.api_key !== apiKey) return answer(401, { message: 'Invalid API key' });
      const fields = ['to', 'from', 'sms', 'type', 'channel'] as const;
      if (fields.some((f) => typeof body[f] !== 'string') || !/^234[0-9]{7,11}$/.test(String(body.to)))
        return answer(400, { message: 'to, from, sms, type and channel are required; to is 234 then the number' });
      if (refusals > 0) {
        refusals -= 1;
        return answer(200, { code: 'error', message: 'Insufficient balance' });
      }
      sent.push(Object.fromEntries(fields.map((f) => [f, String(body[f])])) as TermiiSent);
      answer(200, {
        code: 'ok',
        message_id: String(nextId++),
        message: 'Successfully Sent',
        balance: 9,
        user: 'Gift of Independence',
      });
    });
  });
  return {
    apiBase: server.base,
    /** Every message it took, in order. */
    sent,
    /** Every JSON body it was sent, taken or not. */
    bodies,
    /** How many requests reached it, answered or failed. */
    get calls() {
      return calls;
    },
    failNext(n: number) {
      failures = n;
    },
    refuseNext(n: number) {
      refusals = n;
    },
    close: server.close,
  };
}

/** A template message the WhatsApp stand-in took: the number, the template and its one body text. */
export type WhatsAppSent = { id: string; to: string; template: string; language: string; text: string };

/** A message status as the Cloud API's webhook reports it. */
export type WhatsAppStatusReport = {
  /** The `wamid.…` the send was answered with. */
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** The number without its '+'. */
  recipientId: string;
  /** For `failed`: Meta's error code (131026, undeliverable, by default). */
  errorCode?: number;
};

/**
 * A `messages` webhook delivery carrying `statuses`, as Meta posts it, signed as Meta signs it:
 * `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`.
 */
export function whatsAppStatusDelivery(appSecret: string, phoneNumberId: string, reports: WhatsAppStatusReport[]) {
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '2348000000000', phone_number_id: phoneNumberId },
              statuses: reports.map((r) => ({
                id: r.id,
                status: r.status,
                timestamp: String(now),
                recipient_id: r.recipientId,
                ...(r.status === 'failed'
                  ? {
                      errors: [
                        {
                          code: r.errorCode ?? 131026,
                          title: 'Message undeliverable',
                          message: 'Message undeliverable',
                          error_data: { details: 'Message Undeliverable.' },
                          href: 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/',
                        },
                      ],
                    }
                  : {
                      pricing: { billable: true, pricing_model: 'PMP', category: 'utility' },
                    }),
              })),
            },
          },
        ],
      },
    ],
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
    },
  };
}

/**
 * Speaks the WhatsApp Business Cloud API's messages endpoint: POST /<version>/<phone-number-id>/messages
 * with `Authorization: Bearer <token>` and a JSON template message. It answers a `wamid.` message id
 * as the API does when it takes one; a Graph API error otherwise: 401 (code 190) for a wrong token,
 * 400 (code 100) for a body that is not a template message with one body text parameter (a line
 * break or tab in it included), 404 for another phone number id. `failNext` fails the next sends
 * with 503 (code 2, the service down); `refuseNext` refuses them with 400 and the code given
 * (131026, undeliverable, by default); `throttleNext` with 400 and code 130429 (rate limit hit).
 * `postStatuses` plays the webhook: it posts signed statuses to the app's webhook address.
 */
export async function startWhatsAppStandIn(token: string, phoneNumberId: string, appSecret = 'whatsapp-app-secret') {
  const sent: WhatsAppSent[] = [];
  const bodies: unknown[] = [];
  let failures = 0;
  let refusals: { n: number; code: number } = { n: 0, code: 131026 };
  let throttles = 0;
  let nextId = 1;
  let calls = 0;
  const graphError = (code: number, message: string, details: string) => ({
    error: {
      message: `(#${code}) ${message}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: 'AStandInTraceId',
    },
  });
  const server = await listen((req, res) => {
    calls += 1;
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      const answer = (status: number, body: unknown) => {
        res.statusCode = status;
        res.end(JSON.stringify(body));
      };
      const route = /^\/v[0-9]+\.[0-9]+\/([^/]+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !route) return answer(404, graphError(100, 'Unknown path', 'Unknown path'));
      if (route[1] !== phoneNumberId)
        return answer(404, graphError(100, 'Invalid parameter', 'Unsupported post request: unknown phone number id'));
      if (req.headers.authorization !== `Bearer ${token}`)
        return answer(401, graphError(190, 'Invalid OAuth access token', 'Cannot parse access token'));
      if (failures > 0) {
        failures -= 1;
        return answer(503, graphError(2, 'Service temporarily unavailable', 'Please retry later'));
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, graphError(100, 'Invalid parameter', 'The body is not JSON'));
      }
      bodies.push(body);
      const template = body.template as
        { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
      const components = Array.isArray(template?.components) ? (template.components as unknown[]) : [];
      const bodyPart = components[0] as { type?: unknown; parameters?: unknown } | undefined;
      const parameters = Array.isArray(bodyPart?.parameters) ? (bodyPart.parameters as unknown[]) : [];
      const parameter = parameters[0] as { type?: unknown; text?: unknown } | undefined;
      const wellFormed =
        body.messaging_product === 'whatsapp' &&
        body.type === 'template' &&
        typeof body.to === 'string' &&
        /^234[0-9]{7,11}$/.test(body.to) &&
        typeof template?.name === 'string' &&
        typeof template.language?.code === 'string' &&
        components.length === 1 &&
        bodyPart?.type === 'body' &&
        parameters.length === 1 &&
        parameter?.type === 'text' &&
        typeof parameter.text === 'string' &&
        parameter.text !== '' &&
        !/[\n\t]| {5}/.test(parameter.text);
      if (!wellFormed)
        return answer(
          400,
          graphError(100, 'Invalid parameter', 'A template message with one body text parameter is required'),
        );
      if (throttles > 0) {
        throttles -= 1;
        return answer(400, graphError(130429, 'Rate limit hit', 'Too many messages sent from this phone number'));
      }
      if (refusals.n > 0) {
        refusals = { ...refusals, n: refusals.n - 1 };
        return answer(400, graphError(refusals.code, 'Message undeliverable', 'Unable to deliver message'));
      }
      const id = `wamid.STANDIN${String(nextId++).padStart(6, '0')}`;
      sent.push({
        id,
        to: body.to as string,
        template: template!.name as string,
        language: template!.language!.code as string,
        text: parameter!.text as string,
      });
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id, message_status: 'accepted' }],
      });
    });
  });
  return {
    apiBase: server.base,
    /** Every message it took, in order. */
    sent,
    /** Every JSON body it was sent, taken or not. */
    bodies,
    /** How many requests reached it, answered or failed. */
    get calls() {
      return calls;
    },
    failNext(n: number) {
      failures = n;
    },
    refuseNext(n: number, code = 131026) {
      refusals = { n, code };
    },
    throttleNext(n: number) {
      throttles = n;
    },
    /** Posts `reports` to `webhookUrl` over HTTP as one signed delivery; resolves to the app's answer. */
    async postStatuses(webhookUrl: string, reports: WhatsAppStatusReport[]) {
      const delivery = whatsAppStatusDelivery(appSecret, phoneNumberId, reports);
      const res = await fetch(webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
      return { status: res.status, body: await res.text() };
    },
    close: server.close,
  };
}
