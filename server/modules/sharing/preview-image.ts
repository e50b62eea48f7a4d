import type { ReactNode } from 'react';
import { matchLine } from '@contract/match-words';
import { formatNaira, percentOf } from '@contract/money';
import { SITE_NAME, TAGLINE } from '@contract/site';
import { notoSans } from './fonts';
import { progressPercentOf, progressWordsOf } from './progress-words';
import type { ShareFacts } from './share-facts';

/** The size every link preview asks for (Open Graph's large card, 1.91:1). */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;
/** Raised whenever the drawing changes, so every preview address changes with it. */
export const DRAWING_VERSION = 1;

/** The line under the site's name on the site-wide preview. */
export const SITE_PREVIEW_LINE =
  'Fund braille displays, smart canes and other assistive technology for blind and visually impaired Nigerians.';

// Brand orange only as a background under near-black text (design.md, accessibility).
const ORANGE = '#e46809';
const INK = '#111827';
const MUTED = '#374151';
const TRACK = '#f3f4f6';

/** The box the campaign's picture is fitted into, in pixels. */
export const PICTURE_BOX = { width: 420, height: 420 };

/** A picture ready for the drawing: a PNG data address and its size. */
export type PreviewPicture = { dataUri: string; width: number; height: number };

/** What a campaign's preview shows, and so everything its address's hash is made of. */
export type PreviewFacts = Pick<
  ShareFacts,
  'kind' | 'title' | 'raisedKobo' | 'goalKobo' | 'unitsFunded' | 'quantity' | 'isFunded' | 'imageKey'
> & { match?: ShareFacts['match'] };

/** The preview image in words, for `og:image:alt`: what it shows, title and figures. */
export function previewAltOf(facts: PreviewFacts): string {
  const { main, detail } = progressWordsOf(facts);
  const match = facts.match ? ` ${matchLine(facts.match)}.` : '';
  return `${facts.title}: ${main}, ${detail.charAt(0).toLowerCase()}${detail.slice(1)}.${match} ${SITE_NAME}.`;
}

export const SITE_PREVIEW_ALT = `${SITE_NAME}: ${TAGLINE}. ${SITE_PREVIEW_LINE}`;

type Style = Record<string, string | number>;
/** One element of the drawing; satori reads React's element shape without React. */
const el = (type: 'div' | 'img', style: Style, children?: ReactNode | ReactNode[], props: object = {}): ReactNode =>
  ({ type, key: null, props: { style, children, ...props } }) as unknown as ReactNode;

/** The site's mark, as the favicon draws it: a braille cell on the brand orange. */
function mark(size: number): ReactNode {
  const dot = size / 6.4;
  const at = (x: number, y: number) =>
    el('div', {
      position: 'absolute',
      left: (x / 64) * size - dot / 2,
      top: (y / 64) * size - dot / 2,
      width: dot,
      height: dot,
      borderRadius: dot,
      backgroundColor: INK,
    });
  return el(
    'div',
    {
      display: 'flex',
      position: 'relative',
      width: size,
      height: size,
      borderRadius: size / 4.5,
      backgroundColor: ORANGE,
    },
    [at(24, 18), at(40, 18), at(24, 32), at(24, 46), at(40, 46)],
  );
}

/** The band along the bottom: the brand orange with the site's name and tagline in near-black. */
function brandBand(): ReactNode {
  return el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      height: 96,
      padding: '0 56px',
      backgroundColor: ORANGE,
      color: INK,
    },
    [
      el('div', { display: 'flex', fontSize: 36, fontWeight: 700 }, SITE_NAME),
      el('div', { display: 'flex', fontSize: 28 }, TAGLINE),
    ],
  );
}

async function toPng(element: ReactNode): Promise<Buffer> {
  // Both are loaded by the first drawing, not at start (decision 0059).
  const [{ regular, bold }, { default: satori }, { renderAsync }] = await Promise.all([
    notoSans(),
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const svg = await satori(element, {
    width: PREVIEW_WIDTH,
    height: PREVIEW_HEIGHT,
    fonts: [
      { name: 'Noto Sans', data: regular, weight: 400 },
      { name: 'Noto Sans', data: bold, weight: 700 },
    ],
  });
  // Off the main thread: resvg's async form rasterises on libuv's pool.
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: PREVIEW_WIDTH },
    font: { loadSystemFonts: false },
  });
  return image.asPng();
}

/** What one progress card says: its title, an optional line under it, the bar and figures, a boxed line. */
const CAMPAIGN_SIZES = { title: 52, under: 28, main: 38, boxed: 28 };

type CardWords = {
  title: string;
  /** Sizes in pixels, the campaign's by default; a fundraiser's card holds one line more, so is smaller. */
  sizes?: { title: number; under: number; main: number; boxed: number };
  under?: string;
  percent: number;
  main: string;
  detail: string;
  boxed?: string;
};

/** A card of progress: the picture (or the mark), the words beside it, over the brand band. */
function drawProgressCard(words: CardWords, picture: PreviewPicture | null): Promise<Buffer> {
  const sizes = words.sizes ?? CAMPAIGN_SIZES;
  const pictureBox = el(
    'div',
    {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: PICTURE_BOX.width + 40,
      height: PICTURE_BOX.height + 40,
      borderRadius: 24,
      backgroundColor: TRACK,
    },
    picture
      ? el('img', { width: picture.width, height: picture.height }, undefined, {
          src: picture.dataUri,
          width: picture.width,
          height: picture.height,
        })
      : mark(200),
  );
  const column = el('div', { display: 'flex', flexDirection: 'column', flex: 1, marginLeft: 48, height: '100%' }, [
    el(
      'div',
      { display: 'block', fontSize: sizes.title, fontWeight: 700, lineHeight: 1.2, color: INK, lineClamp: 3 },
      words.title,
    ),
    ...(words.under
      ? [
          el(
            'div',
            { display: 'block', marginTop: 8, fontSize: sizes.under, lineHeight: 1.25, color: MUTED, lineClamp: 2 },
            words.under,
          ),
        ]
      : []),
    el('div', { display: 'flex', flexDirection: 'column', marginTop: 'auto' }, [
      el(
        'div',
        {
          display: 'flex',
          width: '100%',
          height: 36,
          borderRadius: 18,
          border: `3px solid ${INK}`,
          backgroundColor: TRACK,
          overflow: 'hidden',
        },
        el('div', { display: 'flex', width: `${words.percent}%`, height: '100%', backgroundColor: ORANGE }),
      ),
      el('div', { display: 'flex', marginTop: 20, fontSize: sizes.main, fontWeight: 700, color: INK }, words.main),
      el('div', { display: 'flex', marginTop: 4, fontSize: 30, color: MUTED }, words.detail),
      ...(words.boxed
        ? [
            el(
              'div',
              {
                display: 'flex',
                marginTop: 14,
                padding: '8px 14px',
                borderRadius: 12,
                border: `3px solid ${INK}`,
                fontSize: sizes.boxed,
                fontWeight: 700,
                lineHeight: 1.25,
                color: INK,
              },
              words.boxed,
            ),
          ]
        : []),
    ]),
  ]);
  return drawCanvas([
    el('div', { display: 'flex', flex: 1, alignItems: 'center', padding: '34px 56px' }, [pictureBox, column]),
    brandBand(),
  ]);
}

/** A campaign's preview: its picture, title, progress bar and figures, over the brand band. */
export function drawCampaignPreview(facts: PreviewFacts, picture: PreviewPicture | null): Promise<Buffer> {
  const { main, detail } = progressWordsOf(facts);
  return drawProgressCard(
    {
      title: facts.title,
      percent: progressPercentOf(facts),
      main,
      detail,
      boxed: facts.match ? matchLine(facts.match) : undefined,
    },
    picture,
  );
}

/** What a supporter's fundraiser's preview shows (decision 0081), and so everything its address's hash is made of. */
export type FundraiserPreviewFacts = {
  title: string;
  campaignTitle: string;
  raisedKobo: number;
  goalKobo: number;
  /** Null while it takes gifts; else why not, in the words its page uses. */
  stoppedNotice: string | null;
  /** The picture drawn: the fundraiser's photo, else its campaign's picture; null for none. */
  pictureKey: string | null;
};

/** What a fundraiser's preview asks while it takes gifts, in the words of its page's button. */
export const FUNDRAISER_PREVIEW_ASK = 'Give through this fundraiser';

/** A fundraiser's progress in words: money toward its own goal, the share, and the ask or why it stopped. */
export function fundraiserWordsOf(facts: FundraiserPreviewFacts) {
  const percent = percentOf(facts.raisedKobo, facts.goalKobo);
  return {
    percent,
    under: `Raised for ${facts.campaignTitle}`,
    main: `${formatNaira(facts.raisedKobo)} raised of ${formatNaira(facts.goalKobo)}`,
    detail: facts.raisedKobo >= facts.goalKobo ? 'Goal reached' : `${percent}% of the goal`,
    boxed: facts.stoppedNotice ?? FUNDRAISER_PREVIEW_ASK,
  };
}

/** A fundraiser's preview image in words, for `og:image:alt`. */
export function fundraiserPreviewAltOf(facts: FundraiserPreviewFacts): string {
  const { under, main, detail, boxed } = fundraiserWordsOf(facts);
  const end = /[.!?]$/.test(boxed) ? boxed : `${boxed}.`;
  return `${facts.title}: ${under.charAt(0).toLowerCase()}${under.slice(1)}. ${main}, ${detail.charAt(0).toLowerCase()}${detail.slice(1)}. ${end} ${SITE_NAME}.`;
}

/** A fundraiser's preview: its picture, title, its campaign, progress toward its own goal, the ask or why it stopped. */
export function drawFundraiserPreview(facts: FundraiserPreviewFacts, picture: PreviewPicture | null): Promise<Buffer> {
  return drawProgressCard(
    { title: facts.title, sizes: { title: 40, under: 26, main: 34, boxed: 24 }, ...fundraiserWordsOf(facts) },
    picture,
  );
}

/** The white 1200x630 page every preview is drawn on, its parts stacked from the top. */
function drawCanvas(parts: ReactNode[], style: Style = {}): Promise<Buffer> {
  return toPng(
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: PREVIEW_WIDTH,
        height: PREVIEW_HEIGHT,
        backgroundColor: '#ffffff',
        fontFamily: 'Noto Sans',
        ...style,
      },
      parts,
    ),
  );
}

/** The preview of every public page that is not a campaign's: the mark, the site's name and tagline. */
export function drawSitePreview(): Promise<Buffer> {
  return drawCanvas(
    [
      el('div', { display: 'flex', flex: 1, alignItems: 'center', padding: '0 80px' }, [
        mark(220),
        el('div', { display: 'flex', flexDirection: 'column', marginLeft: 56, flex: 1 }, [
          el('div', { display: 'flex', fontSize: 76, fontWeight: 700, lineHeight: 1.1 }, SITE_NAME),
          el('div', { display: 'flex', marginTop: 24, fontSize: 36, lineHeight: 1.3, color: MUTED }, SITE_PREVIEW_LINE),
        ]),
      ]),
      brandBand(),
    ],
    { color: INK },
  );
}
