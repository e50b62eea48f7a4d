import { AppError } from './errors';

type Window = { count: number; resetAt: number };

/**
 * Fixed-window counters kept in this process. Behind several server processes each keeps its own
 * counts, so the effective limit is per process; a shared store (Redis) is the next step then.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one attempt; throws a 429 AppError with Retry-After once `limit` is passed. */
  hit(key: string, limit: number, windowSeconds: number, message = 'Too many attempts. Please wait a moment and try again.'): void {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    w.count += 1;
    if (w.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw new AppError('rate_limited', message, undefined, { 'retry-after': String(retryAfter) });
    }
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
