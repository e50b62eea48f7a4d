import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { signingSecretFor } from '../storage/create';

/**
 * The secret the sandbox's webhook checks, as Paystack's is checked with the secret key:
 * SANDBOX_WEBHOOK_SECRET, or else one derived from the app's signing secret, so a demonstration
 * needs no extra setting and the secret never doubles as the signing secret itself. README shows
 * how to compute it.
 */
export function sandboxWebhookSecret(config: Pick<Config, 'sandbox' | 'signingSecret' | 'dataDir'>): string {
  if (config.sandbox.webhookSecret) return config.sandbox.webhookSecret;
  return createHmac('sha256', signingSecretFor(config)).update('sandbox-webhook').digest('hex');
}
