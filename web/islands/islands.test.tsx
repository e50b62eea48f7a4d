import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouterLinkKit } from '@/app/router-link-kit';
import type { GivingCampaign } from '@/features/campaigns/giving-fields';
import { Island } from './island';
import type { IslandName } from './names';
import { islandComponent } from './registry';

const recipient: GivingCampaign = {
  id: '7',
  type: 'recipient',
  title: 'Ada O.',
  is_funded: false,
  takes_gifts: true,
  product_name: 'Smart Cane "Plus" & more',
  product_image_url: '/media/cane.svg',
  product_image: null,
  product_price: 4_500_000,
  first_name: 'Ada',
  last_name: 'O.',
  organization_name: null,
  units_remaining: 1,
  quantity: 1,
};
const organization: GivingCampaign = {
  ...recipient,
  id: 'org-3',
  type: 'organization',
  title: 'Kano Vision',
  organization_name: 'Kano Vision',
  units_remaining: 40,
  quantity: 60,
};

const cases: Array<[IslandName, object]> = [
  ['header', {}],
  ['search-form', { q: '' }],
  ['search-form', { q: 'braille "display" & more' }],
  ['give-box', { campaign: recipient }],
  ['give-box', { campaign: organization }],
  ['quick-add', { campaign: recipient }],
  ['quick-add', { campaign: organization }],
  [
    'stories',
    {
      stories: [
        {
          id: 1,
          title: 'Reading again <at last>',
          recipient_name: 'Bola',
          story_text: 'Now I read "everything".',
          image_url: '/media/seed/story.svg',
          image: null,
          created_at: '2026-01-05T10:00:00.000Z',
        },
        {
          id: 2,
          title: 'To school',
          recipient_name: 'Ife',
          story_text: 'By myself.',
          image_url: null,
          created_at: '2026-02-01T10:00:00.000Z',
        },
      ],
    },
  ],
  [
    'share',
    {
      subject: { publicId: '7', kind: 'recipient', productName: 'Smart Cane', forWhom: 'Ada O.' },
      takesGifts: true,
    },
  ],
  ['login', {}],
  ['contact', {}],
  ['receipts', {}],
];

// React's own ids differ with a component's place in the tree; everything else must not.
const sameIds = (html: string) => html.replace(/«[^»]+»|_R_[0-9a-z]+_/g, 'ID');

describe('islands of a light page (decision 0058)', () => {
  it.each(cases)('%s renders from its props as the app drew it inside the page', async (name, props) => {
    const Component = (await islandComponent(name)) as ComponentType<object>;
    if (name === 'give-box' && (props as { campaign: GivingCampaign }).campaign.type === 'organization')
      // The stepper's code is in before an organization's page is drawn, on the server and in the browser.
      await (await import('@/ui/quantity-stepper-on-demand')).preloadQuantityStepper();
    const inApp = renderToString(
      <StaticRouter location={name === 'login' ? '/login' : '/campaigns/7'}>
        <RouterLinkKit>
          <Island name={name} component={Component} props={props} />
        </RouterLinkKit>
      </StaticRouter>,
    );
    // Without a <head>, React puts a preload for each image first (web/entry-server.tsx takes them off too).
    const noPreloads = (html: string) => html.replace(/^(?:<link rel="preload" as="image"[^>]*\/>)+/, '');
    const island = /^<div data-island="([^"]+)" data-props="([^"]*)" class="contents">([\s\S]*)<\/div>$/.exec(
      noPreloads(inApp),
    );
    expect(island?.[1]).toBe(name);
    // The attribute as the browser reads it (element.dataset).
    const attribute = island![2]!.replace(/&(quot|lt|gt|#x27|amp);/g, (_, name: string) =>
      name === 'quot' ? '"' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === '#x27' ? "'" : '&',
    );
    const carried = JSON.parse(attribute) as object;
    expect(carried).toEqual(props);
    // The light page hydrates the island's element with the component alone, no router around it.
    expect(sameIds(noPreloads(renderToString(<Component {...carried} />)))).toBe(sameIds(island![3]!));
  });
});
