import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../server/db/seed/demo-data';
import { pngFile } from '../server/test/files';
import { expectNoAxeViolations, setDarkMode, pageProblems, settle, startE2E, type E2E } from './harness';
import { escapeFrom, path, focusedText, focusOnBody, tabTo, press, signInAdmin } from './keyboard';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('admin: the home page content', () => {
  it('adds a statistic with an icon chosen by keyboard, and it shows on the home page (dark)', async () => {
    const { page } = await e2e.newPage({ theme: 'dark' });
    await signInAdmin(page);
    await page.goto('/admin/stats');
    await settle(page);
    await expectNoAxeViolations(page, 'stats page (dark)');

    // Submitting empty names the problems.
    await press(page, page.getByRole('button', { name: 'Add Statistic' }));
    await expect.poll(() => focusedText(page)).toContain('Choose one of the icons.');

    await tabTo(page, page.getByRole('textbox', { name: /^Title/ }));
    await page.keyboard.type('Screen readers in classrooms');
    await tabTo(page, page.getByRole('textbox', { name: /^Value/ }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('275');
    // One tab stop for the icons; the arrow keys choose.
    await tabTo(page, page.getByRole('radio', { name: /^Gift/ }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /^Heart HeartIcon/ }).isChecked()).toBe(true);
    await press(page, page.getByRole('button', { name: 'Add Statistic' }));
    await page.getByText('Stat created successfully!').waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    await page.getByRole('rowheader', { name: 'Screen readers in classrooms' }).waitFor();
    await expectNoAxeViolations(page, 'stats page with a new figure (dark)');

    await page.goto('/');
    await settle(page);
    await expect.poll(() => page.getByRole('main').innerText()).toMatch(/275\+?\s*Screen readers in classrooms/);
    expect(pageProblems(page)).toEqual([]);
  });

  it('publishes a story with its image, refusing it first without one, and the home page tells it', async () => {
    const { page } = await e2e.newPage();
    await signInAdmin(page);
    await page.goto('/admin/success-stories');
    await settle(page);
    await expectNoAxeViolations(page, 'stories page');

    await tabTo(page, page.getByRole('textbox', { name: /^Title/ }));
    await page.keyboard.type('Back in the lecture hall');
    await tabTo(page, page.getByRole('textbox', { name: /^Recipient's name/ }));
    await page.keyboard.type('Ifeoma Nnaji');
    await tabTo(page, page.getByRole('textbox', { name: /^Story/ }));
    await page.keyboard.type(
      'With a refreshable braille display Ifeoma follows every lecture and takes her own notes.',
    );
    await press(page, page.getByRole('button', { name: 'Publish Story' }));
    await expect.poll(() => focusedText(page)).toContain('An image is required to create a story.');

    const image = page.getByLabel('Image');
    await tabTo(page, image);
    // The file picker is the system's own window; the chosen file is handed to the focused field.
    await image.setInputFiles({ name: 'ifeoma.png', mimeType: 'image/png', buffer: await pngFile(900, 675) });
    await press(page, page.getByRole('button', { name: 'Publish Story' }));
    await page.getByText('Story published.').waitFor();
    await page.getByRole('heading', { name: 'Back in the lecture hall' }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toBe('');
    // Checked from the top: scrolled down, axe counts the sidebar's links as covered by the sticky
    // header, though focus scrolls them clear of it (scroll-padding-top).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, 'stories page with a new story');

    // Editing happens in a dialog that Escape closes.
    await press(page, page.getByRole('button', { name: 'Edit Back in the lecture hall' }));
    const edit = page.getByRole('dialog', { name: 'Edit "Back in the lecture hall"' });
    await edit.waitFor();
    await expectNoAxeViolations(page, 'edit story dialog');
    await escapeFrom(page, edit);
    await edit.waitFor({ state: 'detached' });

    await page.goto('/');
    await settle(page);
    await expect.poll(() => page.getByRole('main').innerText()).toContain('Back in the lecture hall');
    // The story's image is offered in each stored size: WebP first, a sized JPEG for the rest, and
    // the browser takes a WebP no wider than it needs (the upload was 900 wide).
    const picture = page
      .locator('main picture')
      .filter({ has: page.locator('source[type="image/webp"]') })
      .first();
    const webp = (await picture.locator('source').getAttribute('srcset'))!;
    expect(webp).toMatch(/^\/media\/public\/story-image\/[0-9a-f]{24}-900x675-160\.webp 160w, .+ 900w$/);
    const img = picture.locator('img');
    expect(await img.getAttribute('srcset')).toMatch(/-900x675-160\.jpg 160w/);
    expect(await img.getAttribute('sizes')).toBeTruthy();
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['480', '360']);
    expect(await img.getAttribute('alt')).toBe('');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc)).toMatch(/\.webp$/);
    await expectNoAxeViolations(page, 'home page with the new story');
    await setDarkMode(page, true);
    await expectNoAxeViolations(page, 'home page with the new story (dark)');
    expect(pageProblems(page)).toEqual([]);
  });

  it('adds an organization product with specifications, refusing bad ones, and an organization can request it', async () => {
    const { page } = await e2e.newPage();
    await signInAdmin(page);
    await page.goto('/admin/organizations/all/products');
    await settle(page);
    await expectNoAxeViolations(page, 'organization products page');

    const field = (name: RegExp) => page.getByRole('textbox', { name });
    await tabTo(page, field(/^Name/));
    await page.keyboard.type('Braille Embosser Lite');
    await tabTo(page, field(/^Description/));
    await page.keyboard.type('A small embosser for printing worksheets in braille.');
    await tabTo(page, field(/^Price/));
    await page.keyboard.type('350000.50');
    await tabTo(page, field(/^Maximum quantity/));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await tabTo(page, field(/^Specifications/));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{"Speed": "20 characters a second",');
    await press(page, page.getByRole('button', { name: 'Add Product to Catalog' }));
    await expect.poll(() => focusedText(page)).toContain('Specifications must be a JSON object of names and values');
    await tabTo(page, field(/^Specifications/));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{"Speed": "20 characters a second"}');
    await press(page, page.getByRole('button', { name: 'Add Product to Catalog' }));
    await page.getByText('Successfully added "Braille Embosser Lite"!').waitFor();
    await expect.poll(() => focusOnBody(page)).toBe(false);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Braille Embosser Lite' }) });
    await expect.poll(() => card.innerText()).toMatch(/₦350,000\.50[\s\S]*Max Qty: 5[\s\S]*Available/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page, 'organization products with a new one');

    // The organization sees it, with its specification.
    const org = await e2e.newPage({ theme: 'dark' });
    await org.page.goto('/login');
    await settle(org.page);
    await org.page.getByRole('textbox', { name: 'Email' }).fill(demoAccounts.organization.email);
    await org.page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await org.page.getByLabel('Password', { exact: true }).press('Enter');
    await expect.poll(() => path(org.page)).toBe('/organization/dashboard');
    await org.page.goto('/organization/catalog');
    await settle(org.page);
    const offered = org.page
      .getByRole('listitem')
      .filter({ has: org.page.getByRole('heading', { name: 'Braille Embosser Lite', exact: true }) });
    await expect.poll(() => offered.innerText()).toMatch(/Speed\s*20 characters a second/);
  });
});
