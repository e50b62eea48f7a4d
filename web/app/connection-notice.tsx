import { useServerUnreachable } from '@/lib/session';

export const STILL_SIGNED_IN =
  'The connection is slow or the site cannot be reached just now. You are still signed in; we will keep trying.';

/**
 * Says politely, without taking focus, that the site cannot be reached while a person is signed in,
 * and goes when it answers again (decision 0047). The live region is always there, so a screen
 * reader hears the sentence when it appears.
 */
export function ConnectionNotice() {
  const unreachable = useServerUnreachable();
  return (
    <div role="status">
      {unreachable ? (
        <p className="border-b-2 border-amber-700 bg-amber-50 px-4 py-2 text-center text-lg text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {STILL_SIGNED_IN}
        </p>
      ) : null}
    </div>
  );
}
