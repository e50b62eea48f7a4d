import { Link } from 'react-router';
import { Page, Section } from '@/ui/page';
import { COLLECTION_CENTRE, SUPPORT_EMAIL } from '@/lib/site';
import { BulletList, LastUpdated } from './prose';
import { textLink } from '@/ui/text-link';

export default function TermsPage() {
  return (
    <Page title="Terms of Service" intro={<LastUpdated />}>
      <Section title="1. Acceptance of These Terms" id="acceptance">
        <p>
          By using Gift of Independence, creating an account or making a donation, you agree to these Terms of Service
          and to our{' '}
          <Link to="/privacy-policy" className={textLink}>
            Privacy Policy
          </Link>
          . If you do not agree, please do not use the platform.
        </p>
      </Section>

      <Section title="2. Who We Are" id="who">
        <p>
          Gift of Independence is a charitable gifting platform run by a non-profit research centre for accessibility
          technology in Nigeria. It lets donors fund assistive technology, such as braille displays, screen-reader
          laptops and smart canes, for blind and visually impaired people and the organizations that serve them.
        </p>
      </Section>

      <Section title="3. Campaigns and Verification" id="campaigns">
        <BulletList>
          <li>A recipient may request one device from our catalogue at a time and must explain why they need it.</li>
          <li>Organizations may request several units of a device.</li>
          <li>
            Every request is reviewed by our team and verified with professionals before it is published. We may
            approve, reject or edit a request, or close a campaign, at our discretion.
          </li>
          <li>
            You must give true and complete information, including a valid ID document. False information leads to the
            request being rejected and the account being closed.
          </li>
          <li>Every gift funds a specific product. Funds are not paid out to recipients as cash.</li>
        </BulletList>
      </Section>

      <Section title="4. Donations" id="donations">
        <BulletList>
          <li>
            <strong>Donations are final and non-refundable.</strong> Please check your gift bag before you pay.
          </li>
          <li>A campaign that is fully funded is closed to further donations.</li>
          <li>
            Payments are made by card, bank, USSD or bank transfer through a payment provider. We never see or store
            your full card or bank details. A gift paid by bank transfer or USSD is recorded when your bank confirms the
            payment.
          </li>
          <li>All amounts are in Nigerian naira (NGN).</li>
          <li>You may give as a guest or while signed in to your account.</li>
        </BulletList>
      </Section>

      <Section title="5. Pickup" id="pickup">
        <p>
          Funded devices are collected in person at our collection centre in Lagos ({COLLECTION_CENTRE}). The recipient
          must bring their original ID. A minor or a person without ID may use a parent or guardian&rsquo;s ID. We do
          not deliver devices. See our{' '}
          <Link to="/supported-states" className={textLink}>
            supported states and pickup policy
          </Link>
          .
        </p>
        <p>A short thank-you video is recorded at collection and shared with the donors who funded the device.</p>
      </Section>

      <Section title="6. Accounts" id="accounts">
        <BulletList>
          <li>You are responsible for keeping your password safe and for all activity on your account.</li>
          <li>Each person or organization may hold one account, with a real email address that you can access.</li>
          <li>We may suspend or close accounts that break these terms.</li>
        </BulletList>
      </Section>

      <Section title="7. Acceptable Use" id="use">
        <p>You agree not to:</p>
        <BulletList>
          <li>give false information or pretend to be someone else;</li>
          <li>request a device for resale or for anyone other than the named recipient;</li>
          <li>use stolen payment cards or attempt fraud;</li>
          <li>interfere with the platform, its security or other users&rsquo; access to it.</li>
        </BulletList>
      </Section>

      <Section title="8. Limitation of Liability" id="liability">
        <p>
          We work hard to make sure every gift reaches the right person, but the platform is provided as it is. Devices
          are supplied by their manufacturers, whose warranties apply. To the extent permitted by Nigerian law, we are
          not liable for indirect or consequential losses arising from your use of the platform.
        </p>
      </Section>

      <Section title="9. Changes to These Terms" id="changes">
        <p>
          We may update these terms from time to time. We will change the date at the top of this page, and for
          significant changes we will tell registered users. Continuing to use the platform means you accept the updated
          terms.
        </p>
      </Section>

      <Section title="10. Contact" id="contact">
        <p>
          Questions about these terms? Email{' '}
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
    </Page>
  );
}
