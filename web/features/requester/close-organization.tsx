import { useState } from 'react';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { StatusBox } from '@/ui/form';
import { askToCloseOrganization } from './team-api';

/**
 * An owner closes the organization (docs/decisions/0075): asked first, then a one-time link goes to
 * the owner's own address, and opening it erases the organization's account and signs its team out.
 */
export function CloseOrganization({ organizationName }: { organizationName: string }) {
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  return (
    <div className="mt-6 space-y-3">
      <h3 className="text-lg font-semibold">Close the organization</h3>
      <p>
        Closing erases {organizationName}&rsquo;s profile and documents, ends its open requests and signs everyone on
        its team out. Gifts and campaigns stay on record without its details.
      </p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Close the organization
      </Button>
      <StatusBox>{said ? <p>{said}</p> : null}</StatusBox>
      <ConfirmDialog
        title={`Close ${organizationName}?`}
        isOpen={asking}
        onOpenChange={setAsking}
        variant="danger"
        confirmLabel="Send me the closing link"
        busyLabel="Sending..."
        failed="The link could not be sent. Please try again."
        onConfirm={async () => {
          const { message } = await askToCloseOrganization();
          setAsking(false);
          setSaid(message);
        }}
      >
        <p>We will send you a link. The organization closes only when you open it.</p>
      </ConfirmDialog>
    </div>
  );
}
