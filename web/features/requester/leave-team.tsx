import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@/lib/session';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Section } from '@/ui/page';
import { leaveTeam } from './team-api';

/**
 * A member leaves the team of their own accord, asked first (docs/decisions/0075). The server signs
 * them out everywhere; this browser forgets the session and goes to the sign-in page. The last owner
 * and the organization's own account are refused, in the dialog.
 */
export function LeaveTeam({ organizationName }: { organizationName: string }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  return (
    <Section title="Leave the team" id="team-leave">
      <p className="mb-4">
        You stop acting for {organizationName} and are signed out everywhere. Your account stays, and an owner can
        invite you again.
      </p>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Leave the team
      </Button>
      <ConfirmDialog
        title={`Leave ${organizationName}'s team?`}
        isOpen={asking}
        onOpenChange={setAsking}
        variant="danger"
        confirmLabel="Leave the team"
        busyLabel="Leaving..."
        failed="You could not leave the team. Please try again."
        onConfirm={async () => {
          await leaveTeam();
          await signOut();
          void navigate('/login', { replace: true });
        }}
      >
        <p>You will be signed out on every device. An owner can invite you again later.</p>
      </ConfirmDialog>
    </Section>
  );
}
