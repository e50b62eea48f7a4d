import { useQuery } from '@tanstack/react-query';
import { mustSetUpSecondFactor } from '@contract/second-factor-rules';
import { changePassword, freshUserQuery, useSession } from '@/lib/session';
import { ChangePasswordForm } from '@/ui/change-password-form';
import { InfoMessage } from '@/ui/feedback';
import { Page, Section } from '@/ui/page';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodesSection } from './recovery-codes-section';
import { SessionsSection } from './sessions-section';

/**
 * Security, for every signed-in person: the password, second factors (docs/decisions/0070), recovery
 * codes and sessions (0072). An admin with no second factor is sent here and can do nothing else first.
 */
export default function SecurityPage() {
  const session = useSession();
  const me = useQuery(freshUserQuery);
  const user = me.data ?? session.user;
  const mustSetUp = user ? mustSetUpSecondFactor(user) : false;
  return (
    <Page
      title="Security"
      intro="Your password, the second factor that keeps your account safe if someone learns your password, and where you are signed in."
    >
      {mustSetUp ? (
        <InfoMessage>
          Admin accounts need a second factor. Set up an authenticator app or add a passkey below before you continue.
        </InfoMessage>
      ) : null}
      <Section title="Second factor" id="second-factor">
        <p>
          After your password, we ask for a code from an authenticator app or for your passkey. Someone who learns your
          password still cannot sign in.
        </p>
        <AuthenticatorSection />
        <PasskeysSection />
        <RecoveryCodesSection />
      </Section>
      {user?.hasPassword && !mustSetUp ? (
        <Section title="Password" id="password">
          <ChangePasswordForm submit={changePassword} />
        </Section>
      ) : null}
      <Section title="Your sessions" id="sessions">
        <SessionsSection />
      </Section>
    </Page>
  );
}
