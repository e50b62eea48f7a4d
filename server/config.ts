import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PAYMENT_CHANNELS, PAYMENT_CHANNELS, type PaymentChannel } from '@contract/payment-channels';
import { HOLD_MINUTES, PAY_LATER_HOLD_MAX_MINUTES } from '@contract/checkout-limits';
import { nairaToKobo } from '@contract/money';
import { PAYSTACK_LOCAL_FEE, type PaymentFeeFormula } from '@contract/payment-fee';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1' || v === 'yes'));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Naira as typed in the environment ("100", "2,500", "0.50"), read into kobo; empty keeps the default. */
const nairaSetting = (name: string, fallback: number) =>
  optionalText.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const kobo = nairaToKobo(v);
    if (kobo === null)
      ctx.addIssue({ code: 'custom', message: `${name} must be an amount in naira, such as 100 or 2500.` });
    return kobo ?? fallback;
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: optionalText,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0.5).max(300).default(5),
  SEED_DEMO: bool(true),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SUPPORT_EMAIL: z.string().email().default('support@giftofindependence.ng'),
  CHARITY_NAME: optionalText.transform((v) => v ?? 'Gift of Independence'),
  CHARITY_ADDRESS: optionalText.transform((v) => v ?? '12 Example Close, Yaba, Lagos, Nigeria'),
  CHARITY_REGISTRATION_NUMBER: optionalText.transform((v) => v ?? 'CAC/IT/000000 (demonstration)'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if ('error' in parsed) ctx.addIssue({ code: 'custom', message: parsed.error });
      return 'error' in parsed ? { value: false as const } : parsed;
    }),
  PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(3),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  SEARCH_QUEUE: z.coerce.number().int().min(0).max(100_000).optional(),
  SEARCH_INDEX: bool(true),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(5),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Gift of Independence <no-reply@giftofindependence.ng>'),
  SMS_API_KEY: optionalText,
  SMS_SENDER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9 ]{3,11}$/, 'SMS_SENDER_ID must be 3 to 11 letters or digits, as registered with the gateway.')
      .optional(),
  ),
  SMS_API_BASE: z.string().url().default('https://api.ng.termii.com'),
  SMS_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9]{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits Meta shows as the phone number ID.')
      .optional(),
  ),
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z
    .string()
    .regex(/^v[0-9]+\.[0-9]+$/, 'WHATSAPP_API_VERSION must be a Graph API version such as v23.0.')
    .default('v23.0'),
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_VERIFY_URL: z.string().url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_HOSTNAME: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_KEYS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_PUBLIC_KEY: optionalText,
  PAYSTACK_API_BASE: z.string().url().default('https://api.paystack.co'),
  PAYSTACK_CHANNELS: optionalText.transform((v, ctx) => {
    if (v === undefined) return [...DEFAULT_PAYMENT_CHANNELS];
    const named = [
      ...new Set(
        v
          .split(',')
          .map((c) => c.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const unknown = named.filter((c) => !(PAYMENT_CHANNELS as readonly string[]).includes(c));
    if (unknown.length || named.length === 0)
      ctx.addIssue({
        code: 'custom',
        message: `PAYSTACK_CHANNELS must be a comma-separated list of Paystack channels (${PAYMENT_CHANNELS.join(', ')})${unknown.length ? `; not known: ${unknown.join(', ')}` : ''}`,
      });
    return named as PaymentChannel[];
  }),
  PAY_LATER_HOLD_MINUTES: z.coerce.number().int().min(HOLD_MINUTES).max(PAY_LATER_HOLD_MAX_MINUTES).default(60),
  SANDBOX_CONFIRM_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(120),
  SANDBOX_WEBHOOK_SECRET: optionalText.pipe(
    z.string().min(16, 'SANDBOX_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  // The payment fee a donor may choose to cover (contract/payment-fee.ts); Paystack's local pricing by default.
  PAYMENT_FEE_PERCENT: optionalText.pipe(
    z
      .string()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, 'PAYMENT_FEE_PERCENT must be a percentage under 100, such as 1.5.')
      .optional(),
  ),
  PAYMENT_FEE_FLAT_NAIRA: nairaSetting('PAYMENT_FEE_FLAT_NAIRA', PAYSTACK_LOCAL_FEE.flatKobo),
  PAYMENT_FEE_FLAT_FROM_NAIRA: nairaSetting('PAYMENT_FEE_FLAT_FROM_NAIRA', PAYSTACK_LOCAL_FEE.flatFromKobo),
  PAYMENT_FEE_CAP_NAIRA: optionalText.transform((v, ctx): number | null => {
    if (v === undefined) return PAYSTACK_LOCAL_FEE.capKobo;
    if (v.toLowerCase() === 'none') return null;
    const kobo = nairaToKobo(v);
    if (kobo === null)
      ctx.addIssue({ code: 'custom', message: 'PAYMENT_FEE_CAP_NAIRA must be an amount in naira, or none.' });
    return kobo;
  }),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  NODE_ENV: optionalText,
  ALLOW_SANDBOX_PAYMENTS: bool(false),
  CRASH_AFTER_GIFT_COMMIT: bool(false),
  SIGNING_SECRET: optionalText.pipe(z.string().min(32, 'SIGNING_SECRET must be at least 32 characters').optional()),
  VOICE_PHONE_NUMBER: optionalText.pipe(
    z
      .string()
      .regex(/^\+234[0-9]{7,11}$/, "VOICE_PHONE_NUMBER must be the line's number in the form +234...")
      .optional(),
  ),
  VOICE_CALLBACK_KEY: optionalText.pipe(
    z.string().min(24, 'VOICE_CALLBACK_KEY must be at least 24 characters').optional(),
  ),
  VOICE_SAY_VOICE: z.string().min(1).max(60).default('en-US-Standard-C'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
});

export const METRICS_ON_PUBLIC_PORT =
  'METRICS_PORT must differ from PORT: metrics are served only on a port of their own, never beside the site.';

export const VOICE_KEY_REQUIRED =
  "VOICE_PHONE_NUMBER is set, so Africa's Talking will call the voice callback: set VOICE_CALLBACK_KEY (at least 24 random characters) and put it in the callback address you give them.";

export const SANDBOX_IN_PRODUCTION =
  'NODE_ENV is production but PAYSTACK_SECRET_KEY is not set, so payments would use the test sandbox, where anyone can mark a payment as paid and no money is charged. Set PAYSTACK_SECRET_KEY (and PAYSTACK_PUBLIC_KEY) to take real payments, or set ALLOW_SANDBOX_PAYMENTS=true to run a demonstration on purpose.';

/** The start-up warning while the sandbox stands in for the payment provider; undefined with Paystack. */
export function paymentModeWarning(config: Pick<Config, 'paystack'>): string | undefined {
  if (config.paystack.secretKey) return undefined;
  return 'Payments are in TEST MODE: PAYSTACK_SECRET_KEY is not set, so the embedded sandbox records gifts without taking any money and anyone can mark a payment reference as paid. Never take real donations like this.';
}

/**
 * The address of the primary for work that needs a session of its own (the job queue, migrations,
 * pg_dump): DATABASE_DIRECT_URL when DATABASE_URL is a pooler, else DATABASE_URL (decision 0083).
 */
export function sessionDatabaseUrl(config: Pick<Config, 'databaseUrl' | 'databaseDirectUrl'>): string | undefined {
  return config.databaseDirectUrl ?? config.databaseUrl;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** BACKUP_DIR: where `npm run backup` writes when it is given no folder. */
  backupDir: string | undefined;
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: the primary itself when DATABASE_URL is a pooler in transaction mode
   * (PgBouncer): the job queue, migrations and backups need a session of their own (decision 0083).
   */
  databaseDirectUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica the public reads go to while it keeps up (decision 0083). */
  databaseReadUrl: string | undefined;
  /** How far behind the primary the replica may be before public reads go back to the primary. */
  databaseReadMaxLagSeconds: number;
  seedDemo: boolean;
  publicUrl: string | undefined;
  supportEmail: string;
  /** Who issues receipts and statements: the name, postal address and registration number printed on them. */
  charity: { name: string; address: string; registrationNumber: string };
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** How long public lists (campaigns, stats, stories, search) may be answered from memory. */
  publicCacheSeconds: number;
  /** Searches run at once, and how many may wait before the rest are refused with a 503. */
  search: { concurrency: number; queue: number };
  /** Whether searches are answered from an in-memory index of the public campaigns (decision 0049). */
  searchIndex: boolean;
  /** Whole request, request head, and idle time between requests on one connection. */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /**
   * Prometheus metrics at `/metrics` on a port of their own (METRICS_PORT, METRICS_HOST), never on
   * the public one (decision 0052). Unset: no metrics listener.
   */
  metrics: { port: number; host: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The SMS gateway (Termii, docs/decisions/0041): SMS_API_KEY, SMS_SENDER_ID, SMS_API_BASE and
   * SMS_CHANNEL. Unset: each SMS is written as a file under DATA_DIR/sms instead.
   */
  sms: { apiKey: string; senderId: string; apiBase: string; channel: 'dnd' | 'generic' } | undefined;
  /**
   * The WhatsApp Business Cloud API (docs/decisions/0069): WHATSAPP_TOKEN and
   * WHATSAPP_PHONE_NUMBER_ID together, WHATSAPP_API_BASE and WHATSAPP_API_VERSION. Unset: each
   * WhatsApp message is written as a file under DATA_DIR/whatsapp instead. `webhook`: the status
   * webhook's WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET, set together; unset, the webhook
   * answers 404 and a message WhatsApp takes but cannot deliver is not followed by an SMS.
   */
  whatsapp:
    | {
        token: string;
        phoneNumberId: string;
        apiBase: string;
        version: string;
        webhook: { verifyToken: string; appSecret: string } | undefined;
      }
    | undefined;
  turnstile: {
    secretKey: string | undefined;
    siteKey: string | undefined;
    verifyUrl: string;
    hostname: string | undefined;
  };
  google: { clientId: string | undefined; keysUrl: string };
  sessionDays: number;
  paystack: { secretKey: string | undefined; publicKey: string | undefined; apiBase: string };
  /** PAYSTACK_CHANNELS: the ways of paying the payment window offers (the sandbox's dialog too). */
  paymentChannels: PaymentChannel[];
  /**
   * PAY_LATER_HOLD_MINUTES: how long a checkout keeps its units once the provider says a transfer or
   * USSD payment is under way, counted from then (docs/decisions/0031).
   */
  payLaterHoldMinutes: number;
  /**
   * The sandbox's payments that confirm later: the ledger calls one paid `confirmSeconds` after the
   * test dialog (SANDBOX_CONFIRM_SECONDS), or when its signed webhook says so. `webhookSecret`
   * (SANDBOX_WEBHOOK_SECRET) signs that webhook; unset, one is derived from the signing secret.
   */
  sandbox: { confirmSeconds: number; webhookSecret: string | undefined };
  /** The provider's fee, which a donor may choose to add to their gift so the campaign gets all of it. */
  paymentFee: PaymentFeeFormula;
  /** NODE_ENV as given; 'production' refuses the payment sandbox unless it is allowed below. */
  nodeEnv: string | undefined;
  /** ALLOW_SANDBOX_PAYMENTS: run the sandbox even with NODE_ENV=production (a demonstration). */
  allowSandboxPayments: boolean;
  /** Shared rate-limit counts in Redis; unset keeps them in this process. */
  redisUrl: string | undefined;
  /** Prefix of every rate-limit key in Redis (tests give each app its own). */
  rateLimitKeyPrefix: string;
  /**
   * How long a request waits on one Redis command before it is let through uncounted: short, so a
   * Redis in trouble never holds requests up (tests on a busy machine allow more).
   */
  redisCommandTimeoutMs: number;
  /** Where the built web app lives; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Things about the configuration worth a line in the start-up log. */
  startupNotices: string[];
  /**
   * Crash tests only (CRASH_AFTER_GIFT_COMMIT=true): the process kills itself (SIGKILL) right after
   * a gift's transaction commits, before anything else happens. Never honoured in production.
   */
  crashAfterGiftCommit: boolean;
  /**
   * Signs upload addresses and document download links. Unset: a secret is generated once and kept
   * in DATA_DIR/signing-secret. Every instance behind one load balancer needs the same one.
   */
  signingSecret: string | undefined;
  /**
   * The voice line (docs/decisions/0067): the number Africa's Talking answers (VOICE_PHONE_NUMBER),
   * the secret in the callback's address (VOICE_CALLBACK_KEY; unset, one is made and kept in
   * DATA_DIR) and the synthesised voice (VOICE_SAY_VOICE). Without a number the line still answers
   * its callback, so a developer can call it with curl.
   */
  voice: { phoneNumber: string | undefined; callbackKey: string | undefined; sayVoice: string };
  /** S3-compatible storage for uploads; unset keeps files under DATA_DIR/uploads. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
};

const WHATSAPP_WEBHOOK_HALF_SET =
  'WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET go together, with WHATSAPP_TOKEN: set both to receive WhatsApp delivery statuses, or neither.';

const WHATSAPP_HALF_SET =
  'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together: set both to send by WhatsApp, or neither for the outbox.';

/** "1.5" into 150 basis points, in integers so no float rounding creeps into the fee. */
function percentToBp(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The one place that reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new Error(`Invalid configuration:\n  METRICS_PORT: ${METRICS_ON_PUBLIC_PORT}`);
  }
  // The sandbox lets anyone mark a reference paid: a production server must not fall into it silently.
  if (e.NODE_ENV === 'production' && !e.PAYSTACK_SECRET_KEY && !e.ALLOW_SANDBOX_PAYMENTS) {
    throw new Error(`Invalid configuration:\n  PAYSTACK_SECRET_KEY: ${SANDBOX_IN_PRODUCTION}`);
  }
  // Half a WhatsApp account would quietly write every message to the outbox instead of sending it.
  if (Boolean(e.WHATSAPP_TOKEN) !== Boolean(e.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new Error(`Invalid configuration:\n  WHATSAPP_TOKEN: ${WHATSAPP_HALF_SET}`);
  }
  // A webhook without the other secret, or without the Cloud API, would take nothing it could trust or use.
  if (
    Boolean(e.WHATSAPP_VERIFY_TOKEN) !== Boolean(e.WHATSAPP_APP_SECRET) ||
    (Boolean(e.WHATSAPP_APP_SECRET) && !e.WHATSAPP_TOKEN)
  ) {
    throw new Error(`Invalid configuration:\n  WHATSAPP_APP_SECRET: ${WHATSAPP_WEBHOOK_HALF_SET}`);
  }
  // The embedded database has neither a pooler in front nor replicas behind it.
  if (!e.DATABASE_URL && (e.DATABASE_DIRECT_URL || e.DATABASE_READ_URL)) {
    throw new Error(
      `Invalid configuration:\n  ${e.DATABASE_READ_URL ? 'DATABASE_READ_URL' : 'DATABASE_DIRECT_URL'}: only with DATABASE_URL (PostgreSQL); the embedded database has no pooler or replica.`,
    );
  }
  // Instances behind one balancer each answer the provider: a key kept in one DATA_DIR would not do.
  if (e.VOICE_PHONE_NUMBER && !e.VOICE_CALLBACK_KEY) {
    throw new Error(`Invalid configuration:\n  VOICE_CALLBACK_KEY: ${VOICE_KEY_REQUIRED}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupDir: e.BACKUP_DIR === undefined ? undefined : path.resolve(e.BACKUP_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
    supportEmail: e.SUPPORT_EMAIL,
    charity: { name: e.CHARITY_NAME, address: e.CHARITY_ADDRESS, registrationNumber: e.CHARITY_REGISTRATION_NUMBER },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY.value,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    // The embedded database runs one statement at a time: one search at once keeps the rest of the
    // site answering between them. PostgreSQL's pool (10 connections) keeps two for everything else.
    search: {
      concurrency: e.SEARCH_CONCURRENCY ?? (e.DATABASE_URL ? 8 : 1),
      queue: e.SEARCH_QUEUE ?? (e.DATABASE_URL ? 500 : 16),
    },
    searchIndex: e.SEARCH_INDEX,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_API_KEY
      ? {
          apiKey: e.SMS_API_KEY,
          senderId: e.SMS_SENDER_ID ?? 'GiftOfIndep',
          apiBase: e.SMS_API_BASE,
          channel: e.SMS_CHANNEL,
        }
      : undefined,
    whatsapp:
      e.WHATSAPP_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: e.WHATSAPP_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            apiBase: e.WHATSAPP_API_BASE,
            version: e.WHATSAPP_API_VERSION,
            webhook:
              e.WHATSAPP_VERIFY_TOKEN && e.WHATSAPP_APP_SECRET
                ? { verifyToken: e.WHATSAPP_VERIFY_TOKEN, appSecret: e.WHATSAPP_APP_SECRET }
                : undefined,
          }
        : undefined,
    turnstile: {
      secretKey: e.TURNSTILE_SECRET_KEY,
      siteKey: e.TURNSTILE_SITE_KEY,
      verifyUrl: e.TURNSTILE_VERIFY_URL,
      hostname: e.TURNSTILE_HOSTNAME,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, keysUrl: e.GOOGLE_KEYS_URL },
    sessionDays: e.SESSION_DAYS,
    paystack: { secretKey: e.PAYSTACK_SECRET_KEY, publicKey: e.PAYSTACK_PUBLIC_KEY, apiBase: e.PAYSTACK_API_BASE },
    paymentChannels: e.PAYSTACK_CHANNELS,
    payLaterHoldMinutes: e.PAY_LATER_HOLD_MINUTES,
    sandbox: { confirmSeconds: e.SANDBOX_CONFIRM_SECONDS, webhookSecret: e.SANDBOX_WEBHOOK_SECRET },
    paymentFee: {
      percentBp:
        e.PAYMENT_FEE_PERCENT === undefined ? PAYSTACK_LOCAL_FEE.percentBp : percentToBp(e.PAYMENT_FEE_PERCENT),
      flatKobo: e.PAYMENT_FEE_FLAT_NAIRA,
      flatFromKobo: e.PAYMENT_FEE_FLAT_FROM_NAIRA,
      capKobo: e.PAYMENT_FEE_CAP_NAIRA,
    },
    nodeEnv: e.NODE_ENV,
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS,
    redisUrl: e.REDIS_URL,
    rateLimitKeyPrefix: 'goi:rl:',
    redisCommandTimeoutMs: 500,
    webDistDir: path.resolve('dist/web'),
    startupNotices: e.TRUST_PROXY.notice ? [e.TRUST_PROXY.notice] : [],
    crashAfterGiftCommit: e.CRASH_AFTER_GIFT_COMMIT && e.NODE_ENV !== 'production',
    signingSecret: e.SIGNING_SECRET,
    voice: { phoneNumber: e.VOICE_PHONE_NUMBER, callbackKey: e.VOICE_CALLBACK_KEY, sayVoice: e.VOICE_SAY_VOICE },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // S3-compatible servers usually want /bucket/key addresses; AWS takes either.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
  };
}
