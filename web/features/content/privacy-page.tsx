import { Link } from 'react-router';
import { Page, Section } from '@/ui/page';
import { SUPPORT_EMAIL } from '@/lib/site';
import { BulletList, LastUpdated, SubHeading } from './prose';
import { textLink } from '@/ui/text-link';

export default function PrivacyPage() {
  return (
    <Page title="Privacy Policy" intro={<LastUpdated />}>
      <p className="text-lg leading-relaxed text-gray-800 dark:text-gray-200">
        Gift of Independence is run by a non-profit research centre for accessibility technology. This policy explains
        what personal data we collect, why, and the choices you have.
      </p>

      <div className="mt-10">
        <Section title="What We Collect" id="collect">
          <BulletList>
            <li>
              <strong>Account details:</strong> your name, email address and password, and your role (recipient,
              organization or donor).
            </li>
            <li>
              <strong>Profile details:</strong> for recipients, details such as age, gender, state of origin, employment
              status and a profile photo; for organizations, the organization name, year of establishment, state of
              operation and a short description.
            </li>
            <li>
              <strong>ID documents for verification:</strong> an ID document, a parent or guardian&rsquo;s ID, or a
              letter of consent.
            </li>
            <li>
              <strong>Campaign details:</strong> the device requested and your reason for the request.
            </li>
            <li>
              <strong>Donation records:</strong> the donor&rsquo;s name and email, the campaigns funded, amounts, dates
              and the payment reference.
            </li>
          </BulletList>
          <p>Card and bank details are handled by our payment provider and are never stored by us.</p>
        </Section>

        <Section title="How We Use It" id="use">
          <BulletList>
            <li>to create and secure your account;</li>
            <li>to verify requests with professionals and confirm identity at pickup;</li>
            <li>to publish approved campaigns and process donations;</li>
            <li>to send you updates and notifications about your campaigns and gifts;</li>
            <li>to share the thank-you video with the donors who funded a device;</li>
            <li>to keep financial records and meet our legal obligations.</li>
          </BulletList>
        </Section>

        <Section title="What Is Public" id="public">
          <p>When a campaign is approved, the campaign page shows:</p>
          <BulletList>
            <li>the recipient&rsquo;s first and last name (or the organization name);</li>
            <li>the profile photo, if one was uploaded;</li>
            <li>the product requested;</li>
            <li>the reason given for the request.</li>
          </BulletList>
          <p>We never publish contact details or ID documents.</p>
        </Section>

        <Section title="Sharing" id="sharing">
          <p>We do not sell your personal data. We share it only:</p>
          <BulletList>
            <li>with the payment provider, to process your payment;</li>
            <li>with the professionals who help us verify a need;</li>
            <li>with service providers who host our platform and store files for us, under confidentiality terms;</li>
            <li>when the law requires it.</li>
          </BulletList>
        </Section>

        <Section title="Retention" id="retention">
          <p>
            We keep account and profile data while your account is active. ID documents are kept only as long as needed
            to verify a request and complete pickup. Donation records are kept for as long as the law requires for
            financial records. When data is no longer needed, we delete it or make it anonymous.
          </p>
        </Section>

        <Section title="Your Rights" id="rights">
          <p>Under the Nigeria Data Protection Act 2023 you have the right to:</p>
          <BulletList>
            <li>be told how your data is used;</li>
            <li>get a copy of your personal data;</li>
            <li>have inaccurate data corrected;</li>
            <li>ask for your data to be deleted, or its use restricted;</li>
            <li>object to processing and withdraw your consent at any time;</li>
            <li>receive your data in a portable format;</li>
            <li>complain to the Nigeria Data Protection Commission.</li>
          </BulletList>
          <p>
            With an account, &ldquo;Your data&rdquo; on your account or settings page downloads everything we hold about
            you and erases your account. Gave without an account? Use{' '}
            <Link to="/your-data" className={textLink}>
              Your Data
            </Link>{' '}
            with the email address you gave with. For anything else, email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className={textLink}>
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </Section>

        <Section title="Cookies and Local Storage" id="storage">
          <p>
            We do not use advertising or tracking cookies. Your browser&rsquo;s local storage keeps only what the site
            needs to work:
          </p>
          <BulletList>
            <li>your settings, such as dark mode and sound;</li>
            <li>your sign-in token, so you stay signed in;</li>
            <li>your gift bag;</li>
            <li>
              which of our share links brought you here (such as WhatsApp or a QR poster), for 7 days; if you give
              meanwhile, it is kept with your gift so we learn which ways of sharing help.
            </li>
          </BulletList>
          <SubHeading>Third-party services</SubHeading>
          <p>
            The payment window, the sign-in security check and the optional Google sign-in are provided by other
            companies and may set their own cookies under their own privacy policies.
          </p>
        </Section>

        <Section title="Contact" id="contact">
          <p>
            Questions about your privacy? Email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className={textLink}>
              {SUPPORT_EMAIL}
            </a>{' '}
            or use the form in our{' '}
            <Link to="/help" className={textLink}>
              Help Center
            </Link>
            .
          </p>
        </Section>
      </div>
    </Page>
  );
}
