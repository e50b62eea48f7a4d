import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COLLECTION_CENTRE, PARTNERSHIPS_EMAIL, SUPPORT_EMAIL } from '@/lib/site';
import { Page, Section } from '@/ui/page';
import { blockLink, textLink } from '@/ui/text-link';
import type { RequesterKind } from './area';

const mailLink = (email: string, text: string) => (
  <p key={email}>
    <a href={`mailto:${email}`} className={blockLink}>
      {text}
    </a>
  </p>
);

/** Each kind's help: the same three sections (how a request works, collection, contact) in its own words. */
const HELP: Record<
  RequesterKind,
  {
    title: string;
    intro: string;
    steps: ReactNode[];
    oneAtATime: string;
    collectionTitle: string;
    collection: ReactNode;
    contact: ReactNode;
  }
> = {
  recipient: {
    title: 'Recipient Help',
    intro: 'How a request becomes a device in your hands.',
    steps: [
      'Complete your profile and upload your ID.',
      <>
        Choose one device from the{' '}
        <Link to="/recipient/catalog" className={textLink}>
          catalog
        </Link>{' '}
        and tell us in at least 20 characters how it will help you.
      </>,
      'Our team reviews your request, usually within a few business days. We will let you know the outcome.',
      'Once approved, your campaign is live for donors. Follow it on your Campaign Status page.',
      'When it is fully funded, we contact you to arrange collection.',
    ],
    oneAtATime: 'You can have one open request at a time. If a request is not approved, you may make a new one.',
    collectionTitle: 'Collecting your device in Lagos',
    collection: (
      <>
        <p>All devices are collected in person at our collection centre: {COLLECTION_CENTRE}.</p>
        <p>
          Bring the original of the ID you uploaded: your National Identification Number (NIN) slip or card,
          Voter&rsquo;s Card or Driver&rsquo;s Licence. A minor, or a person without ID, may come with a parent or
          guardian who brings theirs. You may bring someone to help you; our staff will guide you at the centre and set
          up the device with you.
        </p>
      </>
    ),
    contact: (
      <>
        <p>Questions about your request or collection? Write to us and we will answer within two business days.</p>
        {mailLink(SUPPORT_EMAIL, `Email ${SUPPORT_EMAIL}`)}
      </>
    ),
  },
  organization: {
    title: 'Organization Help',
    intro: 'How organization requests work, from the catalog to collection.',
    steps: [
      'Complete your organization\u2019s profile and upload its registration document.',
      <>
        In the{' '}
        <Link to="/organization/catalog" className={textLink}>
          organization catalog
        </Link>
        , choose a product and the number of units you need, up to the limit shown on its card, and tell us why.
      </>,
      'Our team reviews the request. Review takes 2-3 business days.',
      'Once approved, donors fund the units one or several at a time. Your Campaign Status page shows the funding and the units funded.',
      'When every unit is funded, we arrange collection with you.',
    ],
    oneAtATime: 'Your organization can have one open request at a time.',
    collectionTitle: 'Collection',
    collection: (
      <p>
        Devices are collected at our collection centre: {COLLECTION_CENTRE}. Write to our partnerships team to agree a
        date; the person collecting brings a letter on your organization&rsquo;s letterhead and their own ID.
      </p>
    ),
    contact: (
      <>
        {mailLink(PARTNERSHIPS_EMAIL, `Partnerships: ${PARTNERSHIPS_EMAIL}`)}
        {mailLink(SUPPORT_EMAIL, `Support: ${SUPPORT_EMAIL}`)}
      </>
    ),
  },
};

export default function HelpPage({ kind }: { kind: RequesterKind }) {
  const help = HELP[kind];
  return (
    <Page title={help.title} intro={<p>{help.intro}</p>}>
      <Section title="How a request works" id="how">
        <ol className="list-decimal space-y-2 pl-6">
          {help.steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
        <p>{help.oneAtATime}</p>
      </Section>
      <Section title={help.collectionTitle} id="collection">
        {help.collection}
      </Section>
      <Section title="Contact us" id="contact">
        {help.contact}
      </Section>
    </Page>
  );
}
