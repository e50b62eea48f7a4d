import pLimit from 'p-limit';
import { AppError } from './errors';

/** Runs work at most `concurrency` at a time; refuses with 503 and Retry-After when the queue is full. */
export type BusyGate = <T>(work: () => Promise<T>) => Promise<T>;

export function createBusyGate(options: {
  concurrency: number;
  queue: number;
  retryAfterSeconds: number;
  message: string;
}): BusyGate {
  const limit = pLimit(options.concurrency);
  return (work) => {
    // Work handed over but not yet started counts as waiting (p-limit starts it a tick later).
    if (limit.activeCount + limit.pendingCount >= options.concurrency + options.queue) {
      return Promise.reject(
        new AppError('unavailable', options.message, undefined, { 'retry-after': String(options.retryAfterSeconds) }),
      );
    }
    return limit(work);
  };
}
