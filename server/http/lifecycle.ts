/**
 * Whether this instance is on its way out. Once stopping it answers its readiness check with 503,
 * so a proxy sends its traffic elsewhere while the requests in flight finish (decision 0052).
 */
export type Lifecycle = { readonly stopping: boolean; beginStopping(): void };

export function createLifecycle(): Lifecycle {
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    beginStopping() {
      stopping = true;
    },
  };
}
