import type { Config } from './config';
import type { Db } from './db/client';
import type { ReplicaReads } from './db/replica-reads';
import type { LogStream } from './http/logging';
import type { Background } from './http/background';
import type { BusyGate } from './http/busy-gate';
import type { RateLimits } from './http/rate-limit';
import type { ResponseCache } from './http/response-cache';
import type { JobQueue } from './jobs/queue';
import type { Lifecycle } from './http/lifecycle';
import type { GoogleVerifier } from './providers/google/google';
import type { HumanCheck } from './providers/human-check/human-check';
import type { Mailer } from './providers/mail/mail';
import type { PaymentProvider } from './providers/payments/payments';
import type { SmsSender } from './providers/sms/sms';
import type { WhatsAppSender } from './providers/whatsapp/whatsapp';
import type { LinkSigner, Storage } from './providers/storage/storage';
import type { VoiceLine } from './providers/voice/voice';

// Apart from app.ts so route modules and jobs can name what they are given without importing the
// app that registers them.

/** Everything the route modules and jobs are given: the database and one adapter per outside service. */
export type AppDeps = {
  db: Db;
  storage: Storage;
  /** Signs upload addresses and document download links. */
  signer: LinkSigner;
  publicCache: ResponseCache;
  /** Searches the database answers at once, and how many may wait; the rest get a 503. */
  searchGate: BusyGate;
  mailer: Mailer;
  sms: SmsSender;
  whatsapp: WhatsAppSender;
  humanCheck: HumanCheck;
  google: GoogleVerifier;
  limits: RateLimits;
  jobs: JobQueue;
  payments: PaymentProvider;
  /** The voice line's wire format, and the secret its callback's address carries (docs/decisions/0067). */
  voice: { line: VoiceLine; callbackKey: string };
  config: Config;
  /** Whether this instance is stopping (its readiness check then answers 503). */
  lifecycle: Lifecycle;
  /** Log lines go here instead of stdout. */
  logStream?: LogStream;
  /** Work done once the instance is up, not before it opens its port (http/background.ts). */
  background: Background;
  /**
   * The streaming replica the public reads go to (DATABASE_READ_URL, decision 0083); `db` is then its
   * routing handle, the primary outside those reads.
   */
  replica?: ReplicaReads;
};

/** The deps `buildApp` chooses from configuration when the caller does not pass its own. */
export type OptionalDeps =
  | 'publicCache'
  | 'searchGate'
  | 'mailer'
  | 'sms'
  | 'whatsapp'
  | 'humanCheck'
  | 'google'
  | 'payments'
  | 'voice'
  | 'config'
  | 'lifecycle'
  | 'storage'
  | 'signer';

/** What a caller of `buildApp` passes: the rate limits are always the app's own. */
export type GivenDeps = Omit<AppDeps, OptionalDeps | 'limits' | 'background'> & Partial<Pick<AppDeps, OptionalDeps>>;
