/**
 * Whether an error says the database could not be reached or went away (refused, reset, shut down,
 * its data gone), rather than that one statement was wrong. Drizzle wraps the driver's error as the
 * cause of its own ("Failed query: ..."), so the causes are looked through too.
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause !== undefined && depth < 3 && isConnectionFailure(cause, depth + 1)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  // Connection exceptions (class 08), shutdown (57P0x), a missing file (58P01: the data folder is
  // gone) or a network error.
  if (typeof code === 'string' && /^08|^57P0|^58P01$|^E(CONN|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH)/.test(code))
    return true;
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}
