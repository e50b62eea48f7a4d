import { createHmac } from 'node:crypto';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '@contract/money';
import { selectRows } from '../../db/client';
import { JOB } from '../../jobs/names';
import type { MailMessage } from '../../providers/mail/mail';
import { createOrganizationCampaign, createRecipientCampaign, signInNewAdmin, signUpUser } from '../../test/fixtures';
import { eventually, jobsDone, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { CARD_FILE_NAME } from './card-pdf';
import { CHARITY_WORDS } from './card-words';
import { markCardQueued } from './queries';

const SITE = 'https://gifts.example.org';
const WEBHOOK_SECRET = 'sandbox-webhook-secret-for-dedication-tests';

let ctx: TestContext;
let mail: MailMessage[];
let ip = 0;
const nextIp = () => `10.91.${((ip += 1) >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  ctx = await startTestApp(
    { publicUrl: SITE, sandbox: { confirmSeconds: 120, webhookSecret: WEBHOOK_SECRET } },
    {},
    { withoutSchedules: [JOB.reconcile] },
  );
  const box = mailboxOf(ctx.app) as unknown as { messages: MailMessage[] };
  mail = box.messages;
}, 60_000);
afterAll(() => stopTestApp(ctx));

type Dedication = { kind: string; name: string; message?: string; notifyEmail?: string };

async function checkout(
  cartItems: Array<{ campaignId: string; units: number }>,
  options: { dedication?: Dedication; message?: string; email?: string; token?: string; name?: string } = {},
) {
  const remoteAddress = nextIp();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/checkout',
    remoteAddress,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    payload: {
      donorEmail: options.email ?? `dedicating.${ip}@example.org`,
      donorFullName: options.name ?? 'Chiamaka Okafor',
      cartItems,
      ...(options.message ? { message: options.message } : {}),
      ...(options.dedication ? { dedication: options.dedication } : {}),
    },
  });
  return { res, remoteAddress };
}

async function give(
  cartItems: Array<{ campaignId: string; units: number }>,
  options: Parameters<typeof checkout>[1] = {},
) {
  const { res, remoteAddress } = await checkout(cartItems, options);
  expect(res.statusCode, res.body).toBe(200);
  const { reference, amountKobo } = res.json<{ reference: string; amountKobo: number }>();
  await ctx.app.inject({ method: 'POST', url: '/api/payments/sandbox/charge', remoteAddress, payload: { reference } });
  const fund = await ctx.app.inject({
    method: 'POST',
    url: '/api/donations/fund',
    remoteAddress,
    payload: { transactionId: reference },
  });
  expect(fund.statusCode, fund.body).toBe(200);
  return { reference, amountKobo };
}

const dedicationRow = async (reference: string) => {
  const [row] = await selectRows<{ donation_id: number; kind: string; name: string; queued: boolean }>(
    ctx.database.db,
    sql`select g.donation_id, g.kind, g.name, g.card_queued_at is not null as queued
          from gift_dedications g join donations d on d.id = g.donation_id where d.reference = ${reference}`,
  );
  return row;
};

const cardsTo = (address: string) => mail.filter((m) => m.to === address && m.attachments?.length);

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
  return {
    text: texts.join(' ').replace(/\s+/g, ' '),
    roles,
    markInfo,
    title: info.Title,
    raw: bytes.toString('latin1'),
  };
}

describe('a dedication at checkout', () => {
  it('is kept with the checkout, not yet queued', async () => {
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    const { res } = await checkout([{ campaignId: campaign, units: 1 }], {
      dedication: { kind: 'honour', name: '  Mama Ngozi  ', message: '  ', notifyEmail: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await selectRows<{ kind: string; name: string; message: string | null; notify: string | null }>(
      ctx.database.db,
      sql`select g.kind, g.name, g.message, g.notify_email as notify
            from gift_dedications g join donations d on d.id = g.donation_id where d.reference = ${res.json<{ reference: string }>().reference}`,
    );
    expect(row).toEqual({ kind: 'honour', name: 'Mama Ngozi', message: null, notify: null });
  });

  it('refuses bad input in words, on the field it concerns', async () => {
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    const cases: Array<[Dedication | Record<string, unknown>, string, string]> = [
      [{ kind: 'birthday', name: 'Ada' }, 'dedication.kind', 'Choose in honour of, or in memory of.'],
      [{ kind: 'memory', name: '   ' }, 'dedication.name', 'Enter the name of the person the gift is for.'],
      [{ kind: 'memory', name: 'x'.repeat(101) }, 'dedication.name', 'The name is at most 100 characters.'],
      [
        { kind: 'memory', name: 'Ada', message: 'y'.repeat(501) },
        'dedication.message',
        'Please keep the message to 500 characters or fewer.',
      ],
      [
        { kind: 'honour', name: 'Ada', notifyEmail: 'not an address' },
        'dedication.notifyEmail',
        'Enter the address to tell in the format name@example.com.',
      ],
      [{ kind: 'honour', name: 'Ada\nObi' }, 'dedication.name', ''],
      [{ kind: 'honour', name: 42 }, 'dedication.name', 'Enter the name of the person the gift is for.'],
    ];
    for (const [dedication, field, words] of cases) {
      const { res } = await checkout([{ campaignId: campaign, units: 1 }], { dedication: dedication as Dedication });
      expect(res.statusCode, JSON.stringify(dedication)).toBe(400);
      const body = res.json<{ message: string; fieldErrors?: Record<string, string[]> }>();
      expect(body.fieldErrors?.[field]?.[0], JSON.stringify(body)).toBeTruthy();
      if (words) expect(body.fieldErrors?.[field]?.[0]).toBe(words);
    }
    const [count] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from gift_dedications`,
    );
    expect(Number(count!.n)).toBe(1);
  });
});

describe('the card', () => {
  const notify = 'ada.family@example.org';
  let reference = '';
  let amountKobo = 0;
  let card: MailMessage;

  beforeAll(async () => {
    const db = ctx.database.db;
    const recipient = String(await createRecipientCampaign(db));
    const organization = `org-${await createOrganizationCampaign(db, 30)}`;
    ({ reference, amountKobo } = await give(
      [
        { campaignId: recipient, units: 1 },
        { campaignId: organization, units: 3 },
      ],
      {
        email: 'chiamaka.giver@example.org',
        dedication: {
          kind: 'memory',
          name: 'Ada Obi',
          message: 'She read to us every night.\nWe think of her always.',
          notifyEmail: notify,
        },
      },
    ));
    card = await eventually(
      'the card mail',
      async () => cardsTo(notify),
      (cards) => cards.length > 0,
    ).then((cards) => cards[0]!);
  }, 60_000);

  it('says who gave in whose memory, what it helps, the message and the site, in the mail', async () => {
    expect(card.subject).toBe('A gift in memory of Ada Obi');
    const [products] = await selectRows<{ recipient: string; organization: string; org_name: string; first: string }>(
      ctx.database.db,
      sql`select p.name as recipient, op.name as organization, pr.organization_name as org_name, u.first_name as first
            from donations d
            join donation_items ri on ri.donation_id = d.id and ri.recipient_campaign_id is not null
            join recipient_campaigns rc on rc.id = ri.recipient_campaign_id join products p on p.id = rc.product_id
            join users u on u.id = rc.recipient_id
            join donation_items oi on oi.donation_id = d.id and oi.organization_campaign_id is not null
            join organization_campaigns oc on oc.id = oi.organization_campaign_id
            join organization_products op on op.id = oc.organization_product_id
            left join organization_profiles pr on pr.user_id = oc.organization_id
           where d.reference = ${reference}`,
    );
    const text = card.text;
    expect(text).toContain('A gift in memory of Ada Obi');
    expect(text).toContain('Chiamaka Okafor has given a gift through Gift of Independence in memory of Ada Obi.');
    expect(text).toMatch(new RegExp(`It helps ${products!.first} [A-Z][^ ]* get ${products!.recipient}\\.`));
    expect(text).toContain(`get ${products!.organization}.`);
    expect(text).toContain('Chiamaka Okafor wrote this message for you:');
    expect(text).toContain('She read to us every night.\nWe think of her always.');
    expect(text).toContain(CHARITY_WORDS);
    expect(text).toContain(`Find out more at ${SITE}`);
    expect(card.html).toContain('<h1');
    expect(card.html).toContain(`href="${SITE}"`);
    for (const part of [text, card.html, card.subject]) {
      expect(part).not.toContain('₦');
      expect(part).not.toContain('NGN');
      expect(part).not.toMatch(/\bunits?\b/i);
      expect(part).not.toContain(formatNaira(amountKobo));
      expect(part).not.toContain(String(amountKobo / 100));
      expect(part).not.toContain('chiamaka.giver@example.org');
      expect(part).not.toContain(reference);
    }
  });

  it('carries the same words as a tagged PDF: title, language, reading order, no amount', async () => {
    expect(card.attachments).toHaveLength(1);
    const [attachment] = card.attachments!;
    expect(attachment!.filename).toBe(CARD_FILE_NAME);
    expect(attachment!.contentType).toBe('application/pdf');
    const pdf = await readPdf(attachment!.content);
    expect(pdf.title).toBe('A gift in memory of Ada Obi');
    expect(pdf.markInfo?.Marked).toBe(true);
    expect(pdf.raw).toMatch(/\/Lang \(en-NG\)/);
    expect(pdf.raw).toContain('/DisplayDocTitle true');
    expect(pdf.roles.slice(0, 2)).toEqual(['Document', 'H1']);
    expect(pdf.roles.filter((r) => r === 'P').length).toBeGreaterThanOrEqual(6);
    const order = [
      'A gift in memory of Ada Obi',
      'Chiamaka Okafor has given a gift through Gift of Independence in memory of Ada Obi.',
      'It helps',
      'Chiamaka Okafor wrote this message for you:',
      'She read to us every night.',
      'Gift of Independence funds assistive technology',
      `Find out more at ${SITE}`,
    ];
    const at = order.map((words) => pdf.text.indexOf(words));
    expect(
      at.every((n) => n >= 0),
      pdf.text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(pdf.text).not.toContain('₦');
    expect(pdf.text).not.toMatch(/\bunits?\b/i);
    expect(pdf.text).not.toContain(formatNaira(amountKobo));
    expect(pdf.raw).not.toContain('chiamaka.giver@example.org');
  });

  it('is queued once, in the gift transaction, and sent once though the webhook and the sweep record the payment again', async () => {
    expect(await dedicationRow(reference)).toMatchObject({ queued: true });
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference, amount: amountKobo, currency: 'NGN', channel: 'card' },
    });
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/webhook',
      remoteAddress: nextIp(),
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', WEBHOOK_SECRET).update(body).digest('hex'),
      },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '5 minutes', checked_at = null where reference = ${reference}`,
    );
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);
    await jobsDone(ctx.database, JOB.providerEvent);
    await jobsDone(ctx.database, JOB.reconcile);
    await jobsDone(ctx.database, JOB.dedicationCard);
    // And a repeat of the guarded mark itself queues nothing.
    const row = await dedicationRow(reference);
    expect(await markCardQueued(ctx.database.db, Number(row!.donation_id))).toBe(false);
    const [jobs] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from pgboss.job where name = ${JOB.dedicationCard} and data->>'donationId' = ${String(row!.donation_id)}`,
    );
    expect(Number(jobs!.n)).toBe(1);
    expect(cardsTo(notify)).toHaveLength(1);
    // The address told receives only the card.
    expect(mail.filter((m) => m.to === notify)).toHaveLength(1);
  });
});

describe('no card', () => {
  it('for a checkout never paid, nor one whose payment failed, nor one set aside for the team', async () => {
    const notify = 'never.told@example.org';
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    const { res, remoteAddress } = await checkout([{ campaignId: campaign, units: 1 }], {
      dedication: { kind: 'honour', name: 'Uncle Tunde', notifyEmail: notify },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = res.json<{ reference: string }>();
    // Not paid: the fund call is refused and nothing is queued.
    const fund = await ctx.app.inject({
      method: 'POST',
      url: '/api/donations/fund',
      remoteAddress,
      payload: { transactionId: reference },
    });
    expect(fund.statusCode).toBe(400);
    // The sweep closes it once its hold has lapsed.
    await ctx.database.db.execute(
      sql`update donations set created_at = now() - interval '30 minutes', hold_expires_at = now() - interval '1 minute', checked_at = null
           where reference = ${reference}`,
    );
    await ctx.app.jobs.enqueue(ctx.database.db, JOB.reconcile, {});
    ctx.app.jobs.wake(JOB.reconcile);
    await jobsDone(ctx.database, JOB.reconcile);
    const row = await dedicationRow(reference);
    expect(row).toMatchObject({ queued: false });
    expect(await markCardQueued(ctx.database.db, Number(row!.donation_id))).toBe(false);

    // A payment set aside for the team is not a recorded gift: its card waits for the team's accept.
    await ctx.database.db.execute(sql`update donations set status = 'needs_attention' where reference = ${reference}`);
    expect(await markCardQueued(ctx.database.db, Number(row!.donation_id))).toBe(false);
    expect(mail.filter((m) => m.to === notify)).toEqual([]);
  });

  it('for a paid gift with no address to tell', async () => {
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    const { reference } = await give([{ campaignId: campaign, units: 1 }], {
      dedication: { kind: 'honour', name: 'Grandma Bisi' },
    });
    await jobsDone(ctx.database, JOB.receiptMail);
    expect(await dedicationRow(reference)).toMatchObject({ queued: false });
    expect(mail.filter((m) => m.subject.includes('Grandma Bisi'))).toEqual([]);
  });
});

describe('the dedication shown to the donor and the public', () => {
  it("is in the donor's history, receipt mail and receipt PDF", async () => {
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor', firstName: 'Emeka', lastName: 'Nwosu' });
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    const { reference } = await give([{ campaignId: campaign, units: 1 }], {
      token: donor.token,
      email: donor.email,
      name: 'Emeka Nwosu',
      dedication: { kind: 'honour', name: 'Mrs Adaeze Eze', notifyEmail: 'adaeze@example.org' },
    });
    const auth = { authorization: `Bearer ${donor.token}` };
    const gifts = await ctx.app.inject({ method: 'GET', url: '/api/donor/gifts', headers: auth });
    expect(gifts.statusCode).toBe(200);
    expect(gifts.json<{ givingHistory: Array<{ dedication: string | null }> }>().givingHistory).toEqual([
      expect.objectContaining({ dedication: 'A gift in honour of Mrs Adaeze Eze' }),
    ]);
    expect(gifts.body).not.toContain('adaeze@example.org');

    const receipt = await eventually(
      'the receipt mail',
      async () => mail.find((m) => m.to === donor.email && m.subject.includes(reference)),
      (m) => m !== undefined,
    );
    expect(receipt!.text).toContain('A gift in honour of Mrs Adaeze Eze.');
    expect(receipt!.html).toContain('A gift in honour of Mrs Adaeze Eze.');

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/donations/${reference}/receipt.pdf`,
      headers: auth,
      remoteAddress: nextIp(),
    });
    expect(pdf.statusCode).toBe(200);
    const read = await readPdf(pdf.rawPayload);
    expect(read.text).toContain('A gift in honour of Mrs Adaeze Eze');
    expect(read.text).not.toContain('adaeze@example.org');
  });

  it('shows beside approved words of support only, never the address told', async () => {
    const admin = await signInNewAdmin(ctx.app, ctx.database.db);
    const campaign = String(await createRecipientCampaign(ctx.database.db));
    await give([{ campaignId: campaign, units: 1 }], {
      name: 'Funke Akin',
      message: 'For Baba, who loved the radio.',
      dedication: { kind: 'memory', name: 'Baba Akin', notifyEmail: 'akin.family@example.org' },
    });
    // A dedication with no words of support is never public.
    await give([{ campaignId: String(await createRecipientCampaign(ctx.database.db)), units: 1 }], {
      dedication: { kind: 'memory', name: 'Someone Private' },
    });
    const list = () =>
      ctx.app.inject({ method: 'GET', url: `/api/campaigns/${campaign}/messages`, remoteAddress: nextIp() });
    expect((await list()).json<{ items: unknown[] }>().items).toEqual([]);

    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const item = queue
      .json<{ items: Array<{ id: number; body: string; dedication?: string | null }> }>()
      .items.find((m) => m.body === 'For Baba, who loved the radio.');
    // The team sees what approving will show.
    expect(item?.dedication).toBe('A gift in memory of Baba Akin');
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${item!.id}/decision`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { decision: 'approve' },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const shown = await eventually(
      'the approved words',
      async () => (await list()).json<{ items: Array<Record<string, unknown>> }>().items,
      (items) => items.length === 1,
    );
    expect(shown[0]).toMatchObject({
      body: 'For Baba, who loved the radio.',
      name: 'Funke A.',
      dedication: 'A gift in memory of Baba Akin',
    });
    const everything = JSON.stringify(shown);
    expect(everything).not.toContain('akin.family@example.org');
    expect(everything).not.toContain('Someone Private');
  });
});
