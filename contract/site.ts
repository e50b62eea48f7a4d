// The site's name and the words that carry it, the same on its pages, its link previews and its
// posters. Read by the web entry: no zod here.

export const SITE_NAME = 'Gift of Independence';
/** The home page's heading, and the line beside the name on a link preview's band. */
export const TAGLINE = 'Give the Gift of Independence';
/** What the site is for, in a line: under the name on a poster's band. */
export const SITE_PURPOSE = 'Assistive technology for blind and visually impaired Nigerians';

/** The document title for a page's title: the page, then the site. */
export const documentTitle = (title: string) => (title === SITE_NAME ? SITE_NAME : `${title} | ${SITE_NAME}`);

/** A campaign's heading, wherever it is named: "<product> for <public name or organization>". */
export const campaignTitle = (productName: string, forWhom: string) => `${productName} for ${forWhom}`;

/** Where every funded device is collected, in person (product notes 1). */
export const COLLECTION_CENTRE = 'Gift of Independence Collection Centre, 12 Herbert Macaulay Way, Yaba, Lagos';
