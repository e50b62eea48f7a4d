/** Checks that a person, not a script, submitted a form (Cloudflare Turnstile). */
export interface HumanCheck {
  readonly enabled: boolean;
  readonly siteKey: string | null;
  /** True when the token is valid (always true when the check is off). */
  verify(token: string | undefined, remoteIp: string): Promise<boolean>;
}

export const humanCheckOff: HumanCheck = {
  enabled: false,
  siteKey: null,
  verify: async () => true,
};

export function createTurnstile(options: {
  secretKey: string;
  siteKey: string | null;
  verifyUrl: string;
  expectedHostname?: string;
  fetchImpl?: typeof fetch;
}): HumanCheck {
  const doFetch = options.fetchImpl ?? fetch;
  return {
    enabled: true,
    siteKey: options.siteKey,
    async verify(token, remoteIp) {
      if (!token || token.length > 2048) return false;
      const body = new URLSearchParams({ secret: options.secretKey, response: token, remoteip: remoteIp });
      try {
        const res = await doFetch(options.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) return false;
        const data = (await res.json()) as { success?: boolean; hostname?: string };
        if (data.success !== true) return false;
        if (options.expectedHostname && data.hostname !== options.expectedHostname) return false;
        return true;
      } catch {
        // The provider could not be reached: refuse rather than let an unchecked request through.
        return false;
      }
    },
  };
}
