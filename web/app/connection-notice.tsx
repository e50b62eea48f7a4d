import { useEffect, useState } from 'react';
import { whenActRetrying } from '@/lib/api';
import { useServerUnreachable } from '@/lib/session';

export const STILL_SIGNED_IN =
  'The connection is slow or the site cannot be reached just now. You are still signed in; we will keep trying.';

export const STILL_TRYING =
  'Still trying… The connection dropped, so we are sending that again. It will only be done once.';

/**
 * Says politely, without taking focus, that the site cannot be reached while a person is signed in,
 * and goes when it answers again (decision 0047); and while an act is being sent again after a
 * dropped connection, that it is still trying (decision 0082). The live region is always there, so a
 * screen reader hears the sentence when it appears.
 */
export function ConnectionNotice() {
  const unreachable = useServerUnreachable();
  const [resending, setResending] = useState(false);
  useEffect(() => whenActRetrying(setResending), []);
  const words = resending ? STILL_TRYING : unreachable ? STILL_SIGNED_IN : null;
  return (
    <div role="status">
      {words ? (
        <p className="border-b-2 border-amber-700 bg-amber-50 px-4 py-2 text-center text-lg text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
          {words}
        </p>
      ) : null}
    </div>
  );
}
