import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/ui/button';
import { LinkButton } from '@/ui/link-button';
import { Page, Section } from '@/ui/page';
import { textLink } from '@/ui/text-link';

type Step = { title: string; text: string };

const recipientSteps: Step[] = [
  {
    title: 'Create an account and complete your profile',
    text: 'Sign up as a recipient, then tell us a little about yourself and upload your ID so we can verify your request.',
  },
  {
    title: 'Choose one device and tell us why',
    text: 'Pick one device from our catalogue, such as a braille display, a screen-reader laptop or a smart cane, and explain in your own words how it will help you.',
  },
  {
    title: 'Our team verifies your need',
    text: 'We review your request with professionals. Once it is approved, your campaign is published for donors to see.',
  },
  {
    title: 'A donor funds it and you collect it',
    text: 'When your campaign is fully funded, you collect your device in person at our collection centre in Lagos. Bring your original ID.',
  },
];

const donorSteps: Step[] = [
  {
    title: 'Browse campaigns',
    text: 'Read about the people and organizations asking for help and the devices they need.',
  },
  {
    title: 'Add gifts to your gift bag and pay',
    text: 'Add one or more gifts to your gift bag and pay securely by card, bank, USSD or bank transfer. You can give as a guest or signed in to your account.',
  },
  {
    title: 'Get updates and a thank-you video',
    text: 'We keep you informed as the device is collected, and you receive a thank-you video from the person you helped.',
  },
];

function Steps({ steps }: { steps: Step[] }) {
  return (
    // role="list" keeps list semantics in browsers that drop them when list-style is none.
    <ol role="list" className="space-y-4">
      {steps.map((step, index) => (
        <li
          key={step.title}
          className="flex gap-4 rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900"
        >
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-brand-dark text-xl font-bold text-brand-dark dark:border-orange-300 dark:text-orange-300"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-xl font-bold text-gray-900 dark:text-gray-100">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-1 text-base text-gray-800 dark:text-gray-200">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function HowItWorksPage() {
  return (
    <Page
      title="How It Works"
      intro={<p>Whether you need a device or want to give one, here is what happens from start to finish.</p>}
    >
      <Section title="For Recipients" id="recipients">
        <Steps steps={recipientSteps} />
        <p>
          <Link to="/login" state={{ defaultTab: 'signup' }} className={buttonClass('primary')}>
            Start a Gift Campaign
            <ArrowRight aria-hidden="true" className="size-5" />
          </Link>
        </p>
        <p>
          Not in Lagos? Read our{' '}
          <Link to="/supported-states" className={textLink}>
            supported states and pickup policy
          </Link>
          .
        </p>
      </Section>

      <Section title="For Donors" id="donors">
        <Steps steps={donorSteps} />
        <p>
          <LinkButton to="/campaigns" variant="secondary">
            Browse Campaigns
            <ArrowRight aria-hidden="true" className="size-5" />
          </LinkButton>
        </p>
        <p>
          Donations are final and non-refundable. Questions? Visit our{' '}
          <Link to="/help" className={textLink}>
            Help Center
          </Link>
          .
        </p>
      </Section>
    </Page>
  );
}
