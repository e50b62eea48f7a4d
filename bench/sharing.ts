import os from 'node:os';
import path from 'node:path';
import { createStorage, LinkSigner } from '../server/providers/storage/create';
import { printablePhoto } from '../server/modules/sharing/campaign-photo';
import { renderPoster } from '../server/modules/sharing/poster';
import { drawCampaignPreview, drawSitePreview, PICTURE_BOX } from '../server/modules/sharing/preview-image';
import { previewPictureOf } from '../server/modules/sharing/preview-picture';
import { qrAddress, qrPng, qrSvg } from '../server/modules/sharing/qr-code';
import type { ShareFacts } from '../server/modules/sharing/share-facts';

/**
 * What carrying a campaign out costs one process (decisions 0030 and 0033): the time to draw each
 * file once, from the picture on, and so how many distinct campaigns' files one process can draw a
 * second. A shared link's burst asks for one file many times, which is drawn once and then kept.
 */
const ROUNDS = Number(process.env.BENCH_SHARING_ROUNDS ?? 20);

const facts: ShareFacts = {
  kind: 'organization',
  publicId: 'org-1',
  title: 'Orbit Reader 20 braille display for Lagos School for the Blind',
  productName: 'Orbit Reader 20 braille display',
  forWhom: 'Lagos School for the Blind',
  reason:
    'Our forty pupils share two braille displays. With ten more, every class can read and write on its own device, and our teachers can prepare lessons in braille without waiting for the embosser.',
  raisedKobo: 123_450_000,
  goalKobo: 300_000_000,
  unitsFunded: 4,
  quantity: 10,
  takesGifts: true,
  isFunded: false,
  imageKey: 'seed/orbit-reader-20.svg',
  path: '/campaigns/org-1',
};

async function timed(label: string, work: () => Promise<unknown>) {
  await work(); // fonts and code loaded once, as in a running server
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
  console.log(
    `  ${label.padEnd(34)} median ${median.toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms, ` +
      `${(1000 / median).toFixed(1).padStart(6)} a second on one core`,
  );
}

export async function runSharingBench() {
  const dataDir = path.join(os.tmpdir(), `goi-bench-sharing-${process.pid}`);
  const storage = await createStorage({ s3: undefined, dataDir }, new LinkSigner('bench-sharing-secret-0123456789'));
  const address = qrAddress('https://giftofindependence.example', facts.path);
  console.log(`\nDrawing what a shared campaign carries, ${ROUNDS} rounds each (median, p95):`);
  await timed('preview image 1200x630 (with picture)', async () =>
    drawCampaignPreview(facts, await previewPictureOf(storage, facts.imageKey, PICTURE_BOX)),
  );
  await timed('site preview image 1200x630', () => drawSitePreview());
  await timed('QR code SVG', async () => qrSvg(address, `QR code for ${facts.title}`));
  await timed('QR code PNG', () => qrPng(address));
  await timed('A4 poster PDF (with picture)', async () =>
    renderPoster({
      facts,
      baseUrl: 'https://giftofindependence.example',
      photo: await printablePhoto(storage, facts.imageKey),
    }),
  );
}
