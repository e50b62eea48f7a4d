import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppDeps, GivenDeps } from './deps';
import { enforceAccessDeclarations, type DeclaredRoute } from './http/access';
import { connectionOptions, registerUrlLimit } from './http/connection-limits';
import { registerErrorHandling, replyToFrameworkError } from './http/errors';
import { loggerOptions } from './http/logging';
import { createBusyGate } from './http/busy-gate';
import { createResponseCache } from './http/response-cache';
import { registerWrittenAt } from './http/read-after';
import { SEARCH_BUSY_MESSAGE } from '@contract/campaigns';
import { registerAuth } from './http/auth';
import { registerRateLimits, type RateLimits } from './http/rate-limit';
import { fastifyTrustProxy } from './http/trust-proxy';
import { registerApiReference, registerOpenApi } from './http/openapi';
import { API_OPERATIONS } from './api-operations';
import { registerIdempotency } from './http/idempotency';
import { registerTextGuard } from './http/text-guard';
import { createPageHtml, followsQuery } from './http/page-html';
import { loadPageRender } from './http/page-render';
import { accountRoutes } from './modules/accounts/routes';
import { preferenceRoutes } from './modules/accounts/preference-routes';
import { privacyRoutes } from './modules/privacy/routes';
import { resolveSession } from './modules/accounts/resolve-session';
import { campaignRoutes } from './modules/campaigns/routes';
import { caseworkerRoutes } from './modules/caseworkers/routes';
import { teamRoutes } from './modules/team/routes';
import { voiceRoutes } from './modules/voice/routes';
import { callbackRoutes } from './modules/voice/callback-routes';
import { requestRoutes } from './modules/campaigns/request-routes';
import { adminCampaignRoutes } from './modules/campaigns/admin-routes';
import { auditRoutes } from './modules/audit/routes';
import { attentionRoutes } from './modules/attention/routes';
import { adminUserRoutes } from './modules/accounts/admin-users-routes';
import { secondFactorRoutes } from './modules/accounts/second-factor/routes';
import { sessionRoutes } from './modules/accounts/session-routes';
import { catalogRoutes } from './modules/catalog/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { givingRoutes } from './modules/giving/routes';
import { monthlyRoutes } from './modules/giving/monthly/monthly-routes';
import { refundRoutes } from './modules/refunds/routes';
import { deliveryRoutes } from './modules/deliveries/routes';
import { collectionRoutes } from './modules/collections/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { whatsAppWebhookRoutes } from './modules/notifications/whatsapp-webhook-routes';
import { onboardingReviewRoutes } from './modules/onboarding/review-routes';
import { supportMessageRoutes } from './modules/support-messages/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { uploadRoutes } from './modules/uploads/routes';
import { updateRoutes } from './modules/updates/routes';
import { unsubscribeRoutes } from './modules/updates/unsubscribe-routes';
import { createPaystackProvider, createSandboxProvider } from './providers/payments/payments';
import { createGoogleVerifier, googleOff } from './providers/google/google';
import { createTurnstile, humanCheckOff } from './providers/human-check/human-check';
import { createOutboxMailer, createSmtpMailer } from './providers/mail/mail';
import { createOutboxSms } from './providers/sms/outbox';
import { createTermiiSms } from './providers/sms/termii';
import { createCloudApiWhatsApp } from './providers/whatsapp/cloud-api';
import { createOutboxWhatsApp } from './providers/whatsapp/outbox';
import { createAfricasTalkingVoice } from './providers/voice/africas-talking';
import { voiceCallbackKey } from './providers/voice/callback-key';
import { adminCatalogRoutes } from './modules/catalog/admin-routes';
import { adminContentRoutes } from './modules/content/admin-routes';
import { contentRoutes } from './modules/content/routes';
import { pagePreloadsFor } from './modules/campaigns/page-preloads';
import { crawlerRoutes } from './modules/content/crawler-routes';
import { previewMetaFor } from './modules/sharing/preview-meta';
import { sharingRoutes } from './modules/sharing/routes';
import { transparencyRoutes } from './modules/transparency/routes';
import { fundRoutes } from './modules/fund/routes';
import { fundraiserRoutes } from './modules/fundraisers/routes';
import { matchingRoutes } from './modules/matching/routes';
import { matchReportRoutes } from './modules/match-reports/routes';
import { paymentRoutes } from './modules/money-desk/payment-routes';
import { jobRoutes } from './modules/money-desk/job-routes';
import { organizationGiftRoutes } from './modules/money-desk/organization-gift-routes';
import { publicBaseUrl } from './http/public-url';
import type { JobQueue } from './jobs/queue';
import { registerJobs } from './register-jobs';
import { registerMetrics } from './register-metrics';
import { countSends, createMetrics } from './http/metrics';
import { createLifecycle, type Lifecycle } from './http/lifecycle';
import { createBackground } from './http/background';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { createStorage, LinkSigner, signingSecretFor } from './providers/storage/create';
import { storageRoutes } from './providers/storage/routes';
import type { Storage } from './providers/storage/storage';

/** The real adapters chosen by configuration; tests pass their own where they need to. */
export function defaultProviders(config: Config, log: (line: string) => void = console.log) {
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
  const humanCheck = config.turnstile.secretKey
    ? createTurnstile({
        secretKey: config.turnstile.secretKey,
        siteKey: config.turnstile.siteKey ?? null,
        verifyUrl: config.turnstile.verifyUrl,
        expectedHostname: config.turnstile.hostname,
      })
    : humanCheckOff;
  const google = config.google.clientId
    ? createGoogleVerifier(config.google.clientId, config.google.keysUrl)
    : googleOff;
  const sms = config.sms ? createTermiiSms(config.sms) : createOutboxSms(path.join(config.dataDir, 'sms'), log);
  const whatsapp = config.whatsapp
    ? createCloudApiWhatsApp(config.whatsapp)
    : createOutboxWhatsApp(path.join(config.dataDir, 'whatsapp'), log);
  // One wire format either way: without a number the same callback answers a developer's curl.
  const voice = {
    line: createAfricasTalkingVoice({ sayVoice: config.voice.sayVoice }),
    callbackKey: voiceCallbackKey(config.voice.callbackKey, config.dataDir).key,
  };
  return { mailer, sms, whatsapp, humanCheck, google, voice };
}

export type App = FastifyInstance & {
  routeTable: DeclaredRoute[];
  limits: RateLimits;
  jobs: JobQueue;
  storage: Storage;
  /** Whether this instance is stopping; main.ts says so first on SIGTERM (decision 0052). */
  lifecycle: Lifecycle;
  /** The voice line, and the key its callback's address carries (main.ts prints a curl line with it). */
  voice: AppDeps['voice'];
  /** This app's metrics, and where they are served (METRICS_PORT) once the app is ready. */
  metrics: { registry: Registry; address(): AddressInfo | undefined };
  /**
   * Starts what need not keep the port closed (http/background.ts): the job queue among it, so a
   * failure here is the instance's. With `background: 'after-listen'` the caller calls it once the
   * server listens; otherwise the app calls it when it is ready.
   */
  startBackground(): Promise<void>;
};

export type BuildOptions = { background?: 'when-ready' | 'after-listen' };

const here = path.dirname(fileURLToPath(import.meta.url));
export const seedImagesDir = path.join(here, 'db', 'seed', 'images');

export async function buildApp(config: Config, given: GivenDeps, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...connectionOptions(config),
    logger: loggerOptions(config, given.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors: replyToFrameworkError,
    // While stopping, a request already on an open connection is still answered (with Connection:
    // close) rather than refused; the readiness check is what tells the proxy to go elsewhere.
    return503OnClosing: false,
    // Ready waits for the job queue to start (its queues and schedules, a few dozen statements). An
    // instance restarted while the others keep the database busy can take longer than Fastify's
    // default 10 s for that, and would exit rather than join them.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();
  const metrics = createMetrics();
  const limits = await registerRateLimits(app, {
    redisUrl: config.redisUrl,
    keyPrefix: config.rateLimitKeyPrefix,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    onRefusal: metrics.rateLimited,
  });
  const providers = defaultProviders(config);
  const signer = given.signer ?? new LinkSigner(signingSecretFor(config));
  const deps: AppDeps = {
    ...providers,
    signer,
    storage: given.storage ?? (await createStorage(config, signer)),
    publicCache: createResponseCache({
      ttlMs: config.publicCacheSeconds * 1000,
      publicRead: given.replica?.run,
    }),
    searchGate: createBusyGate({ ...config.search, retryAfterSeconds: 2, message: SEARCH_BUSY_MESSAGE }),
    limits,
    payments: config.paystack.secretKey
      ? createPaystackProvider({
          secretKey: config.paystack.secretKey,
          publicKey: config.paystack.publicKey ?? null,
          apiBase: config.paystack.apiBase,
        })
      : createSandboxProvider(given.db, { confirmSeconds: config.sandbox.confirmSeconds }),
    config,
    lifecycle: createLifecycle(),
    ...given,
    // With a replica, the handle that sends the public cache's reads to it (decision 0083).
    db: given.replica?.db ?? given.db,
    background: createBackground(),
  };
  // Every mail, SMS and WhatsApp message goes out from a background job through these: each try is counted there.
  deps.mailer = countSends(deps.mailer, (outcome) => metrics.message('mail', outcome));
  deps.sms = countSends(deps.sms, (outcome) => metrics.message('sms', outcome));
  deps.whatsapp = countSends(deps.whatsapp, (outcome) => metrics.message('whatsapp', outcome));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  for (const notice of config.startupNotices) app.log.warn(notice);
  registerUrlLimit(app);

  const routeTable: DeclaredRoute[] = [];
  enforceAccessDeclarations(app, routeTable);
  registerErrorHandling(app);
  registerAuth(app, deps.db, resolveSession);
  registerTextGuard(app);
  // Before compression's onSend, so the reply it keeps for a repeat is the body itself.
  registerIdempotency(app, deps.db);
  registerWrittenAt(app);
  const served = registerMetrics(app, deps, metrics);
  if (deps.replica) {
    const replica = deps.replica;
    app.addHook('onClose', () => replica.close());
  }
  // Closing for any reason makes the readiness check say so at once.
  app.addHook('preClose', async () => {
    deps.lifecycle.beginStopping();
  });
  // A reply sent while stopping closes its connection, so the client's next request goes elsewhere.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (deps.lifecycle.stopping) reply.header('connection', 'close');
    done(null, payload);
  });

  // Third-party scripts are allowed only when their feature is configured.
  const turnstileOn = Boolean(config.turnstile.secretKey);
  const googleOn = Boolean(config.google.clientId);
  const paystackOn = Boolean(config.paystack.secretKey);
  const scriptSrc = [
    "'self'",
    ...(turnstileOn ? ['https://challenges.cloudflare.com'] : []),
    ...(googleOn ? ['https://accounts.google.com/gsi/client'] : []),
    ...(paystackOn ? ['https://js.paystack.co'] : []),
  ];
  const frameSrc = [
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
    ...(turnstileOn ? ['https://challenges.cloudflare.com'] : []),
    ...(googleOn ? ['https://accounts.google.com/gsi/'] : []),
    ...(paystackOn ? ['https://checkout.paystack.com'] : []),
  ];
  await app.register(helmet, {
    // HSTS is only sent over HTTPS (see the hook below); a plain-HTTP localhost must not pin it.
    hsts: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", ...(googleOn ? ['https://accounts.google.com/gsi/style'] : [])],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: [
          "'self'",
          ...(turnstileOn ? ['https://challenges.cloudflare.com'] : []),
          ...(googleOn ? ['https://accounts.google.com/gsi/'] : []),
          ...(paystackOn ? ['https://api.paystack.co'] : []),
          // Browsers PUT uploads straight to the bucket.
          ...(config.s3 ? [config.s3.endpoint ? new URL(config.s3.endpoint).origin : 'https://*.amazonaws.com'] : []),
        ],
        mediaSrc: ["'self'"],
        // The offline shell's service worker and web app manifest, both from this site (decision 0046).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'mailto:'],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli's default (11) costs milliseconds per reply; 4 compresses almost as well, far faster.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Background work starts once the app is ready and stops, letting running jobs finish, on close.
  registerJobs(deps);
  if (config.logLevel !== 'silent') deps.jobs.useLog((message, error) => app.log.error({ err: error }, message));
  deps.background.add('the background jobs', () => deps.jobs.start());
  if (options.background !== 'after-listen') {
    app.addHook('onReady', async () => {
      await deps.background.start();
    });
  }
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    deps.mailer.close?.();
  });

  await registerOpenApi(app, API_OPERATIONS);
  await registerApiReference(app);
  await app.register(contentRoutes(deps));
  await app.register(campaignRoutes(deps));
  await app.register(requestRoutes(deps));
  await app.register(adminCampaignRoutes(deps));
  await app.register(deliveryRoutes(deps));
  await app.register(collectionRoutes(deps));
  await app.register(auditRoutes(deps));
  await app.register(adminContentRoutes(deps));
  await app.register(adminCatalogRoutes(deps));
  await app.register(catalogRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(preferenceRoutes(deps));
  await app.register(adminUserRoutes(deps));
  await app.register(secondFactorRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(privacyRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(whatsAppWebhookRoutes(deps));
  await app.register(givingRoutes(deps));
  await app.register(monthlyRoutes(deps));
  await app.register(attentionRoutes(deps));
  await app.register(refundRoutes(deps));
  await app.register(receiptRoutes(deps));
  await app.register(crawlerRoutes(deps));
  await app.register(sharingRoutes(deps));
  await app.register(transparencyRoutes(deps));
  await app.register(fundRoutes(deps));
  await app.register(matchingRoutes(deps));
  await app.register(matchReportRoutes(deps));
  await app.register(uploadRoutes(deps));
  await app.register(onboardingRoutes(deps));
  await app.register(onboardingReviewRoutes(deps));
  await app.register(storageRoutes(deps));
  await app.register(updateRoutes(deps));
  await app.register(unsubscribeRoutes(deps));
  await app.register(supportMessageRoutes(deps));
  await app.register(fundraiserRoutes(deps));
  await app.register(paymentRoutes(deps));
  await app.register(jobRoutes(deps));
  await app.register(organizationGiftRoutes(deps));
  await app.register(caseworkerRoutes(deps));
  await app.register(teamRoutes(deps));
  await app.register(voiceRoutes(deps));
  await app.register(callbackRoutes(deps));

  // Shipped demo images; uploaded public images are served by the storage routes above.
  await app.register(fastifyStatic, {
    root: seedImagesDir,
    prefix: '/media/seed/',
    decorateReply: false,
    wildcard: true,
    maxAge: '7d',
  });

  const webDir =
    config.webDistDir && fs.existsSync(path.join(config.webDistDir, 'index.html')) ? config.webDistDir : undefined;
  if (webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      // One route for every file: a route per file (about 500 with their compressed copies) cost a
      // third of a second at start. A path that is no file falls through to the page handler below.
      wildcard: true,
      index: false,
      // A folder's address (the site's root among them) is a page's, never a listing or a 403.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // The build writes .br and .gz copies beside each file (vite.config.ts, precompress); the one the
      // browser accepts is sent as it is, so compression above leaves it alone.
      preCompressed: true,
      // Cache headers are ours to set, per file, below.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change under the same name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          // Everything else, the service worker's script among them, is checked with the server on
          // each use, so a new version reaches the browser at its next visit (decision 0046).
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const pageRender = webDir ? loadPageRender(app, webDir) : undefined;
  if (pageRender) deps.background.add('the drawing of pages', pageRender.warm);
  const pageHtml = webDir
    ? createPageHtml(
        webDir,
        (urlPath) => pagePreloadsFor(deps.db, deps.storage, urlPath),
        pageRender,
        previewMetaFor({ db: deps.db, storage: deps.storage, baseUrl: () => publicBaseUrl(config, app.server) }),
      )
    : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/media/') &&
      // Metrics live on METRICS_PORT only; here the address is not even a page.
      url !== '/metrics' &&
      !url.startsWith('/assets/');
    // Kept per path: what a page holds depends on nothing else (decision 0048), but for a page that
    // follows its query, which has a query: that one is not drawn, and kept apart from its drawing.
    const undrawn = request.url.includes('?') && followsQuery(url);
    if (isPage && pageHtml) {
      return deps.publicCache.page(request, reply, undrawn ? `${url}?` : url, () => pageHtml(url, { draw: !undrawn }));
    }
    return reply.status(404).send({ message: 'Not found.', code: 'not_found' });
  });

  return Object.assign(app, {
    routeTable,
    limits: deps.limits,
    jobs: deps.jobs,
    storage: deps.storage,
    lifecycle: deps.lifecycle,
    voice: deps.voice,
    metrics: { registry: metrics.registry, address: served.address },
    startBackground: () => deps.background.start(),
  }) as unknown as App;
}
