import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

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

/** Speaks Paystack's verify API: GET /transaction/verify/:reference with the secret key. */
export async function startPaystackStandIn(secretKey: string) {
  const transactions = new Map<
    string,
    { status: string; amount: number; currency: string; channel: string; id: number }
  >();
  const calls: string[] = [];
  let failures = 0;
  const server = await listen((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    if (failures > 0) {
      failures -= 1;
      res.statusCode = 503;
      res.end(JSON.stringify({ status: false, message: 'Service unavailable' }));
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      res.statusCode = 401;
      res.end(JSON.stringify({ status: false, message: 'Invalid key' }));
      return;
    }
    const match = /^\/transaction\/verify\/([^/?]+)$/.exec(req.url ?? '');
    const reference = match ? decodeURIComponent(match[1]!) : '';
    const tx = transactions.get(reference);
    if (!tx) {
      res.statusCode = 400;
      res.end(JSON.stringify({ status: false, message: 'Transaction reference not found' }));
      return;
    }
    res.end(
      JSON.stringify({
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
        },
      }),
    );
  });
  return {
    apiBase: server.base,
    calls,
    /** The next `n` calls answer 503, as Paystack does during an outage. */
    failNext(n: number) {
      failures = n;
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
