import { ArrowRight, Gift, IdCard, ShieldCheck, Video } from 'lucide-react';
import { Link } from 'react-router';
import { LinkButton } from '@/ui/link-button';
import { Page, Section } from '@/ui/page';
import { textLink } from '@/ui/text-link';

const approach = [
  {
    icon: ShieldCheck,
    title: 'Needs verified with professionals',
    text: 'Our team verifies every request with professionals, so each device goes to someone who needs it and will use it.',
  },
  {
    icon: Gift,
    title: 'Every gift funds a specific product',
    text: 'Donors choose a person or organization and a named device, such as a braille display, a laptop with a screen reader or a smart cane. Your money pays for that item.',
  },
  {
    icon: IdCard,
    title: 'Collected in person in Lagos',
    text: 'Funded items are collected in person at our collection center in Lagos. Recipients bring their original ID so the device reaches the right hands.',
  },
  {
    icon: Video,
    title: 'A thank-you video for donors',
    text: 'After collection we record a short thank-you video, so donors can see the difference their gift makes.',
  },
] as const;

export default function AboutPage() {
  return (
    <Page
      title="About Us"
      intro={
        <p>
          Gift of Independence is run by a non-profit research centre for accessibility technology. We connect donors
          with blind and visually impaired people across Nigeria who need assistive technology.
        </p>
      }
    >
      <Section title="Our Mission" id="mission">
        <p>
          To give blind and visually impaired Nigerians the tools they need to learn, work and live on their own terms.
          We fund assistive technology such as braille displays, screen-reader laptops and smart canes, one verified
          need at a time.
        </p>
      </Section>

      <Section title="Our Vision" id="vision">
        <p>
          A Nigeria where no one is held back by a lack of access: where every blind or visually impaired student,
          worker and entrepreneur can read, write, move about and take part fully in everyday life.
        </p>
      </Section>

      <Section title="Our Approach" id="approach">
        <p>We keep giving simple, personal and accountable.</p>
        <ul role="list" className="grid gap-4 sm:grid-cols-2">
          {approach.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-900"
            >
              <h3 className="flex items-center gap-2 text-xl font-bold text-gray-900 dark:text-gray-100">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-dark dark:text-orange-300" />
                {title}
              </h3>
              <p className="mt-2 text-base text-gray-800 dark:text-gray-200">{text}</p>
            </li>
          ))}
        </ul>
        <p>
          Want the details?{' '}
          <Link to="/how-it-works" className={textLink}>
            See how it works
          </Link>{' '}
          or read our{' '}
          <Link to="/supported-states" className={textLink}>
            supported states and pickup policy
          </Link>
          .
        </p>
      </Section>

      <Section title="Join Our Mission" id="join">
        <p>
          Give the Gift of Independence. Choose a campaign, fund a device and help someone take their next step on their
          own.
        </p>
        <p>
          <LinkButton to="/campaigns">
            View Active Campaigns
            <ArrowRight aria-hidden="true" className="size-5" />
          </LinkButton>
        </p>
      </Section>
    </Page>
  );
}
