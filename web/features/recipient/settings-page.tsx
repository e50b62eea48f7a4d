import { useNavigate } from 'react-router';
import { changePassword, signOut } from '@/lib/session';
import { Button } from '@/ui/button';
import { ChangePasswordForm } from '@/ui/change-password-form';
import { Page, Section } from '@/ui/page';

/**
 * Spec 2 calls this page a placeholder under construction. It says so, and still offers what a
 * signed-in person needs today: changing the password and signing out.
 */
export default function RecipientSettingsPage() {
  const navigate = useNavigate();
  return (
    <Page
      title="Settings"
      intro={<p>More settings are under construction. For now you can change your password or sign out here.</p>}
    >
      <Section title="Security" id="security">
        <h3 className="text-xl font-bold">Change Password</h3>
        <p>Changing your password signs you out on every other device.</p>
        <ChangePasswordForm submit={changePassword} />
      </Section>
      <Section title="Sign out" id="sign-out">
        <Button
          variant="secondary"
          onClick={async () => {
            await signOut();
            navigate('/login', { replace: true });
          }}
        >
          Log Out
        </Button>
      </Section>
    </Page>
  );
}
