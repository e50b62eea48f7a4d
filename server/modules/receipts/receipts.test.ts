import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@contract/money';
import { selectRows } from '../../db/client';
import { createSmtpMailer } from '../../providers/mail/mail';
import { downloadLink, LinkSigner } from '../../providers/storage/storage';
import { createOrganizationCampaign, createRecipientCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { startSmtpCatcher } from '../../test/smtp';
import { lagosYear, receiptNumberOf } from './receipt-facts';
import { RECEIPT_PURPOSE, receiptPath } from './receipt-link';
import { NON_REFUNDABLE } from './receipt-pdf';
import { RESEND_REPLY } from './resend-receipts';

const CHARITY = {
  name: 'Gift of Independence',
  address: '4 Test Road, Ikeja, Lagos',
  registrationNumber: 'CAC/IT/123456',
};

const signer = new LinkSigner('receipts-test-signing-secret-of-32-characters');
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let ip = 0;
const nextIp = () => `10.88.${((ip += 1) >> 8) & 255}.${ip & 255}`;
const call = (method: 'GET' | 'POST', url: string, { token, payload }: { token?: string; payload?: object } = {}) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

type StructNode = { role?: string; children?: StructNode[] };
const rolesOf = (node: StructNode): string[] =>
  (node.children ?? []).flatMap((child) => (child.role ? [child.role, ...rolesOf(child)] : []));

async function readPdf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true }).promise;
  const texts: string[] = [];
  const roles: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    texts.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
    roles.push(...rolesOf((await page.getStructTree()) as StructNode));
  }
  const markInfo = await pdf.getMarkInfo();
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  await pdf.destroy();
  const raw = bytes.toString('latin1');
  return { text: texts.join(' '), roles, markInfo, title: info.Title, raw };
}

/** A gift made through the API as the browser makes it, optionally signed in and covering the fee. */
async function give(
  campaignId: string,
  { token, email, units = 1, coverFee = false }: { token?: string; email: string; units?: number; coverFee?: boolean },
) {
  const remoteAddress = nextIp();
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const checkout = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    headers,
    payload: { donorEmail: email, donorFullName: 'Ngozi Receipt', coverFee, cartItems: [{ campaignId, units }] },
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const { reference } = checkout.json() as { reference: string };
  await ctx.app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', remoteAddress, payload: { reference } });
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
  return fund.json() as { reference: string; amountKobo: number; feeKobo: number; receiptUrl?: string };
}

const donation = async (reference: string) => {
  const [row] = await selectRows<{ id: number; total_kobo: number; fee_kobo: number; paid_at: string }>(
    ctx.database.db,
    sql`select id, total_kobo, fee_kobo, paid_at from donations where reference = ${reference}`,
  );
  return {
    id: Number(row!.id),
    total: Number(row!.total_kobo),
    fee: Number(row!.fee_kobo),
    paidAt: new Date(row!.paid_at),
  };
};

let donor: Awaited<ReturnType<typeof signUpUser>>;
let other: Awaited<ReturnType<typeof signUpUser>>;
let orgCampaign = '';
let guestGift: Awaited<ReturnType<typeof give>>;
let donorGift: Awaited<ReturnType<typeof give>>;
const guestEmail = 'guest.receipts@example.org';

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  ctx = await startTestApp(
    { charity: CHARITY },
    {
      mailer: createSmtpMailer(smtp.url, 'no-reply@example.org'),
      signer,
    },
  );
  donor = await signUpUser(ctx.app, smtp, { role: 'donor' });
  other = await signUpUser(ctx.app, smtp, { role: 'donor' });
  orgCampaign = `org-${await createOrganizationCampaign(ctx.database.db, 40)}`;
  guestGift = await give(orgCampaign, { email: guestEmail, units: 2, coverFee: true });
  donorGift = await give(String(await createRecipientCampaign(ctx.database.db)), {
    token: donor.token,
    email: donor.email,
  });
}, 60_000);
afterAll(async () => {
  await stopTestApp(ctx);
  await smtp.close();
});

describe('the receipt PDF', () => {
  it('holds the charity, the donor, each line, the fee and a total equal to what was charged, tagged', async () => {
    const res = await call('GET', guestGift.receiptUrl!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const row = await donation(guestGift.reference);
    const number = receiptNumberOf(row.paidAt, row.id);
    expect(number).toBe(`GOI-${lagosYear(row.paidAt)}-${String(row.id).padStart(6, '0')}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gift-of-independence-receipt-${number}.pdf"`,
    );
    const pdf = await readPdf(res.rawPayload);
    expect(row.fee).toBeGreaterThan(0);
    for (const words of [
      CHARITY.name,
      CHARITY.address,
      CHARITY.registrationNumber,
      number,
      'Ngozi Receipt',
      guestEmail,
      guestGift.reference,
      'Card',
      formatNaira(row.total - row.fee),
      'Payment fee you covered',
      formatNaira(row.fee),
      formatNaira(row.total),
      NON_REFUNDABLE,
    ])
      expect(pdf.text).toContain(words);
    expect(row.total).toBe(guestGift.amountKobo);
    expect(pdf.title).toBe(`${CHARITY.name} receipt ${number}`);
    expect(pdf.markInfo?.Marked).toBe(true);
    expect(pdf.raw).toContain('/StructTreeRoot');
    expect(pdf.raw).toContain('/Lang');
    expect(pdf.raw).toContain('/MarkInfo');
    // Read in order: who issues it, the receipt's heading, its facts, the lines as a table.
    expect(pdf.roles.slice(0, 6)).toEqual(['Document', 'P', 'P', 'P', 'H1', 'P']);
    expect(pdf.roles).toEqual(expect.arrayContaining(['H2', 'Table', 'TR', 'TH', 'TD']));
    expect(pdf.text.indexOf(number)).toBeLessThan(pdf.text.indexOf('Payment fee you covered'));
  });

  it('is mailed once as a link to its PDF, drawn when first downloaded and the same copy after', async () => {
    const mail = await smtp.waitFor(guestEmail, (m) => m.text.includes(guestGift.reference));
    expect(mail.subject).toContain('receipt');
    // No PDF rides with the mail: drawing one for every gift cost more than the rest of the gift.
    expect(mail.raw).not.toMatch(/application\/pdf/);
    expect(smtp.to(guestEmail).filter((m) => m.text.includes(guestGift.reference))).toHaveLength(1);
    const link = new RegExp(`https?://[^\\s"]+/api/donations/${guestGift.reference}/receipt\\.pdf\\?[^\\s"]+`).exec(
      mail.text,
    )?.[0];
    expect(link, mail.text).toBeDefined();
    const first = await call('GET', new URL(link!).pathname + new URL(link!).search);
    expect(first.statusCode, first.body).toBe(200);
    expect((await readPdf(first.rawPayload)).text).toContain(guestGift.reference);
    const again = await call('GET', new URL(link!).pathname + new URL(link!).search);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The job table holds the donation's id, never the PDF.
    const jobs = await selectRows<{ data: unknown }>(
      ctx.database.db,
      sql`select data from pgboss.job where name = 'receipts.receipt-mail'`,
    );
    for (const job of jobs) expect(Object.keys(job.data as object)).toEqual(['donationId']);
  });

  it("a donor account's mail links to its receipt and names My Gifts", async () => {
    const mail = await smtp.waitFor(donor.email, (m) => m.text.includes(donorGift.reference));
    expect(mail.text).toContain(`/api/donations/${donorGift.reference}/receipt.pdf?`);
    expect(mail.text).toContain('My Gifts');
  });
});

describe('who may download a receipt', () => {
  const path = () => receiptPath(donorGift.reference);

  it('its donor and an admin', async () => {
    expect((await call('GET', path(), { token: donor.token })).statusCode).toBe(200);
    const admin = await signInNewAdmin(ctx.app, ctx.database.db);
    expect((await call('GET', path(), { token: admin.token })).statusCode).toBe(200);
  });

  it('nobody else, with the same sentence whether it exists or not', async () => {
    const theirs = await call('GET', path(), { token: other.token });
    const nobody = await call('GET', path());
    const unknown = await call('GET', receiptPath('GOI-no-such-reference'), { token: donor.token });
    for (const res of [theirs, nobody, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(unknown.json().message);
    }
  });

  it('no receipt for a checkout not paid', async () => {
    const checkout = await call('POST', '/api/donations/checkout', {
      payload: { donorEmail: donor.email, donorFullName: 'Ngozi Receipt', cartItems: [{ campaignId: orgCampaign }] },
      token: donor.token,
    });
    const { reference } = checkout.json() as { reference: string };
    expect((await call('GET', receiptPath(reference), { token: donor.token })).statusCode).toBe(404);
    const status = await call('GET', `/api/donations/${reference}/status`);
    expect(status.json().receiptUrl).toBeUndefined();
  });

  it('refuses a signed link that was changed, has expired, or was made for anything else', async () => {
    const signed = new URL(guestGift.receiptUrl!, 'http://x');
    // Another gift's reference in a link signed for this one.
    const moved = `${receiptPath(donorGift.reference)}${signed.search}`;
    expect((await call('GET', moved)).statusCode).toBe(404);
    const tampered = new URL(signed);
    tampered.searchParams.set('exp', String(Number(signed.searchParams.get('exp')) + 60));
    const changed = await call('GET', `${tampered.pathname}${tampered.search}`);
    expect(changed.statusCode).toBe(403);
    expect(changed.json().message).toMatch(/not valid/);

    const expired = signer.sign(
      receiptPath(guestGift.reference),
      { purpose: RECEIPT_PURPOSE, reference: guestGift.reference },
      -5,
    );
    const old = await call('GET', expired);
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toMatch(/expired/);

    // A storage download link, validly signed by the same secret, opens no receipt.
    const download = new URL(
      downloadLink(signer, { key: 'private/x.pdf', fileName: 'x.pdf', contentType: 'application/pdf' }),
      'http://x',
    );
    expect((await call('GET', `${receiptPath(guestGift.reference)}${download.search}`)).statusCode).toBe(403);
    const otherPurpose = signer.sign(
      receiptPath(guestGift.reference),
      { purpose: 'poster', reference: guestGift.reference },
      60,
    );
    expect((await call('GET', otherPurpose)).statusCode).toBe(404);
  });

  it('answers a wrong signature the same for a known reference and an unknown one', async () => {
    const signed = new URL(guestGift.receiptUrl!, 'http://x');
    const forged = new URL(signed);
    forged.searchParams.set('sig', 'A'.repeat(signed.searchParams.get('sig')!.length));
    const known = await call('GET', `${receiptPath(guestGift.reference)}${forged.search}`);
    const unknown = await call('GET', `${receiptPath('GOI-no-such-reference')}${forged.search}`);
    expect(known.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it('a signed-in donor lists their receipts and the years with a statement', async () => {
    const res = await call('GET', '/api/donor/receipts', { token: donor.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { receipts: Array<{ reference: string; itemIds: number[] }>; years: number[] };
    expect(body.receipts.map((r) => r.reference)).toEqual([donorGift.reference]);
    expect(body.receipts[0]!.itemIds.length).toBe(1);
    expect(body.years).toEqual([lagosYear(new Date())]);
  });
});

describe('the yearly statement', () => {
  it('lists every gift of the year and a total equal to their sum', async () => {
    const second = await give(orgCampaign, { token: donor.token, email: donor.email, units: 3, coverFee: true });
    const year = lagosYear(new Date());
    const res = await call('GET', `/api/donor/statements/${year}.pdf`, { token: donor.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="gift-of-independence-statement-${year}.pdf"`,
    );
    const pdf = await readPdf(res.rawPayload);
    const sum = (await donation(donorGift.reference)).total + (await donation(second.reference)).total;
    expect(pdf.text).toContain(`Total for ${year}`);
    expect(pdf.text).toContain(formatNaira(sum));
    expect(pdf.text).toContain('Payment fee you covered');
    expect(pdf.text).not.toContain(guestGift.reference);
    expect(pdf.roles).toEqual(expect.arrayContaining(['H1', 'Table', 'TH', 'TD']));
    expect(pdf.raw).toContain('/StructTreeRoot');

    expect((await call('GET', `/api/donor/statements/${year - 5}.pdf`, { token: donor.token })).statusCode).toBe(404);
    expect((await call('GET', `/api/donor/statements/${year}.pdf`)).statusCode).toBe(401);
    expect((await call('GET', '/api/donor/statements/nineteen.pdf', { token: donor.token })).statusCode).toBe(400);
  });
});

describe('receipts again for guests', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const unknown = 'never.gave@example.org';
    const known = await call('POST', '/api/receipts/resend', { payload: { email: guestEmail.toUpperCase() } });
    const none = await call('POST', '/api/receipts/resend', { payload: { email: unknown } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESEND_REPLY });
    expect(none.json()).toEqual(known.json());
    const mail = await smtp.waitFor(guestEmail, (m) => m.subject.includes('receipts'));
    const link = /https?:\/\/[^\s]+\/receipt\.pdf\?[^\s]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect((await call('GET', `${url.pathname}${url.search}`)).statusCode).toBe(200);
    const settled = await eventually(
      'both resend jobs to complete',
      () =>
        selectRows<{ n: number }>(
          ctx.database.db,
          sql`select count(*)::int as n from pgboss.job where name = 'receipts.resend' and state = 'completed'`,
        ),
      (rows) => Number(rows[0]!.n) >= 2,
    );
    expect(Number(settled[0]!.n)).toBeGreaterThanOrEqual(2);
    expect(smtp.to(unknown)).toHaveLength(0);
  });

  it('is limited per address asked about', async () => {
    const email = 'limited.asker@example.org';
    const replies = [];
    for (let n = 0; n < 4; n++)
      replies.push((await call('POST', '/api/receipts/resend', { payload: { email } })).statusCode);
    expect(replies).toEqual([200, 200, 200, 429]);
  });

  it('limits drawing PDFs per connection', async () => {
    const remoteAddress = '10.99.0.1';
    const codes: number[] = [];
    for (let n = 0; n < 61; n++)
      codes.push(
        (await ctx.app.inject({ method: 'GET', url: receiptPath('GOI-rate-limited'), remoteAddress })).statusCode,
      );
    expect(codes.slice(0, 60).every((c) => c === 404)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});
