import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { newRecoveryCodes, secondFactorQuery } from './api';
import { useRefreshFactors } from './use-refresh-factors';
import { RecoveryCodesList } from './recovery-codes-list';

/** How many recovery codes are left, and a new set that replaces them (docs/decisions/0072). */
export function RecoveryCodesSection() {
  const refresh = useRefreshFactors();
  const status = useQuery(secondFactorQuery);
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const data = status.data;
  if (!data || (!data.totp && data.passkeys.length === 0)) return null;
  return (
    <div className="space-y-4">
      <h3 ref={headingRef} tabIndex={-1} className="pt-4 text-xl font-bold outline-none">
        Recovery codes
      </h3>
      {codes ? (
        <RecoveryCodesList
          codes={codes}
          onDone={() => {
            setCodes(null);
            requestAnimationFrame(() => headingRef.current?.focus());
          }}
        />
      ) : (
        <>
          <p>
            {data.recoveryCodesLeft === 1
              ? '1 recovery code is left.'
              : `${data.recoveryCodesLeft} recovery codes are left.`}{' '}
            Each signs you in once if you lose your phone or passkey.
          </p>
          <Button variant="secondary" onClick={() => setAsking(true)}>
            Make new recovery codes
          </Button>
        </>
      )}
      <ConfirmDialog
        title="Make new recovery codes?"
        isOpen={asking}
        onOpenChange={setAsking}
        confirmLabel="Make new codes"
        busyLabel="Making codes..."
        failed="New codes could not be made. Please try again."
        onConfirm={async () => {
          const { recoveryCodes } = await newRecoveryCodes();
          setAsking(false);
          setCodes(recoveryCodes);
          announce('New recovery codes are ready. The old ones no longer work.');
          await refresh();
        }}
      >
        <p>The codes you have now will stop working. You will see ten new ones once.</p>
      </ConfirmDialog>
    </div>
  );
}
