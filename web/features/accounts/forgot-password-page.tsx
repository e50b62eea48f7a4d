import { Link } from 'react-router';
import { EmailRequestForm } from '@/ui/email-request-form';
import { Page } from '@/ui/page';
import { blockLink } from '@/ui/text-link';
import { failureMessage, forgotPassword } from './api';

export default function ForgotPasswordPage() {
  return (
    <Page
      title="Forgot Password"
      intro={
        <p>
          Enter the email address you use to sign in. If it matches an account, we will email you a link to choose a new
          password.
        </p>
      }
    >
      <EmailRequestForm
        submitLabel="Send Reset Link"
        sent="If an account exists for that email, we have sent a link to reset the password."
        send={async (email) => (await forgotPassword(email))?.message}
        failed={(error) =>
          failureMessage(
            error,
            'Failed to send the reset link. Please try again.',
            'Failed to send the reset link. Please try again.',
          )
        }
      >
        <p>
          <Link to="/login" className={blockLink}>
            Back to Sign In
          </Link>
        </p>
      </EmailRequestForm>
    </Page>
  );
}
