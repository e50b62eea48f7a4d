import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentList } from '@contract/money-desk';
import { selectRows } from '../../db/client';
import type { MailMessage } from '../../providers/mail/mail';
import {
  createOrganizationCampaign,
  createRecipientCampaign,
  payForCampaign,
  signInNewAdmin,
  signUpUser,
} from '../../test/fixtures';
import { eventually, mailboxOf, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { JOB, JOB_WORDS } from '../../jobs/names';
import { formulaSafe, nairaCell } from './csv-cell';
import { lagosIso } from './lagos-time';

let ctx: TestContext;
let admin: string;
let donor: string;
const tag = randomBytes(4).toString('hex');
const mail = (n: string | number) => `desk.${tag}.${n}@example.org`;
let recipientCampaign: number;
let orgCampaign: number;
let paidReference: string;

const get = (url: string, token = admin) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (url: string, token = admin) =>
  ctx.app.inject({ method: 'POST', url, payload: {}, headers: token ? { authorization: `Bearer ${token}` } : {} });

type Checkout = {
  n: number | string;
  status?: 'pending' | 'paid' | 'failed' | 'needs_attention';
  name?: string;
  channel?: string | null;
  hold?: 'live' | 'ended';
  createdAt?: string;
  items: Array<{ kind: 'recipient' | 'organization'; id: number; units?: number; amount: number }>;
};

/** A checkout written straight to the tables, as the giving path leaves one in each state. */
async function insertCheckout(c: Checkout): Promise<{ id: number; reference: string }> {
  const reference = `DESK-${tag}-${c.n}`;
  const total = c.items.reduce((s, i) => s + i.amount, 0);
  const status = c.status ?? 'paid';
  const [row] = await selectRows<{ id: number }>(
    ctx.database.db,
    sql`insert into donations (reference, donor_email, donor_full_name, total_kobo, status, channel, hold_expires_at, paid_at, created_at)
        values (${reference}, ${mail(c.n)}, ${c.name ?? 'Desk Donor'}, ${total}, ${status}, ${c.channel ?? 'card'},
                ${c.hold === 'live' ? sql`now() + interval '10 minutes'` : sql`now() - interval '10 minutes'`},
                ${status === 'paid' || status === 'needs_attention' ? sql`coalesce(${c.createdAt ?? null}::timestamptz, now())` : null},
                coalesce(${c.createdAt ?? null}::timestamptz, now()))
        returning id`,
  );
  const id = Number(row!.id);
  for (const i of c.items)
    await ctx.database.db.execute(
      sql`insert into donation_items (donation_id, recipient_campaign_id, organization_campaign_id, units, amount_kobo, status)
          values (${id}, ${i.kind === 'recipient' ? i.id : null}, ${i.kind === 'organization' ? i.id : null}, ${i.units ?? 1}, ${i.amount},
                  ${status === 'paid' ? 'allocated' : status === 'pending' ? 'held' : 'released'})`,
    );
  return { id, reference };
}

const refs: Record<string, { id: number; reference: string }> = {};
/** A guest name that put `=cmd|...` at the start of a row when the bare \r ended the row early. */
const CMD_NAME = "Ada Obi\r=cmd|' /C calc'!A0";

beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await signInNewAdmin(ctx.app, ctx.database.db)).token;
  donor = (await signUpUser(ctx.app, undefined, { role: 'donor' })).token;
  recipientCampaign = await createRecipientCampaign(ctx.database.db);
  orgCampaign = await createOrganizationCampaign(ctx.database.db, 40);
  // One real gift through the API: a receipt job and the admins' notices name it.
  paidReference = (await payForCampaign(ctx.app, `org-${orgCampaign}`, 2, { donorEmail: mail('real') })).reference;
  const org = (amount: number) => ({ kind: 'organization' as const, id: orgCampaign, amount });
  refs.paid = await insertCheckout({ n: 'paid', items: [org(500_000)] });
  refs.held = await insertCheckout({ n: 'held', status: 'pending', hold: 'live', items: [org(300_000)] });
  refs.lapsed = await insertCheckout({ n: 'lapsed', status: 'pending', hold: 'ended', items: [org(200_000)] });
  refs.failed = await insertCheckout({ n: 'failed', status: 'failed', channel: 'ussd', items: [org(100_000)] });
  refs.transfer = await insertCheckout({
    n: 'transfer',
    channel: 'bank_transfer',
    items: [{ kind: 'recipient', id: recipientCampaign, amount: 700_000 }, org(150_000)],
  });
  refs.refunded = await insertCheckout({ n: 'refunded', items: [org(400_000)] });
  refs.attention = await insertCheckout({ n: 'attention', status: 'needs_attention', items: [org(250_000)] });
  // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos.
  refs.lateNight = await insertCheckout({ n: 'late-night', createdAt: '2026-03-01T23:30:00Z', items: [org(120_000)] });
  for (const [n, name] of [
    ['f1', '=HYPERLINK("x")'],
    ['f2', '+1'],
    ['f3', '@x'],
    ['f4', '-1'],
  ] as const)
    refs[n] = await insertCheckout({ n, name, items: [org(110_000)] });
  // Rows from before names were refused with line breaks in them: a checkout's name, as typed.
  refs.cmd = await insertCheckout({ n: 'cmd', name: CMD_NAME, items: [org(110_000)] });
  refs.lines = await insertCheckout({ n: 'lines', name: 'Ngozi\n@SUM(1+1)\t+1\r\n-2', items: [org(110_000)] });
  const db = ctx.database.db;
  await db.execute(sql`insert into refunds (donation_id, amount_kobo, status, note) values
      (${refs.refunded!.id}, 150000, 'processed', 'Part of the gift returned at the donor''s request.'),
      (${refs.refunded!.id}, 90000, 'failed', 'The provider refused this one.')`);
  await db.execute(sql`insert into attention_cases (donation_id, reason, words) values
      (${refs.attention!.id}, 'wrong_amount', 'The provider reports ₦2,400.00 where ₦2,500.00 was asked.')`);
  await db.execute(sql`insert into attention_cases (donation_id, reason, words, resolved_at, resolution, note) values
      (${refs.refunded!.id}, 'paid_twice', 'A second payment for one checkout.', now(), 'refunded', 'Refunded the second payment.')`);
  await db.execute(sql`insert into provider_events (reference, donation_id, source, event, payload, received_at) values
      (${refs.refunded!.reference}, ${refs.refunded!.id}, 'webhook', 'charge.success', '{"event":"charge.success"}', now() - interval '2 minutes'),
      (${refs.refunded!.reference}, ${refs.refunded!.id}, 'refund', 'refund.processed', '{"event":"refund.processed"}', now() - interval '1 minute')`);
  await db.execute(sql`insert into admin_audit_log (action, entity_type, entity_id, details) values
      ('payment.refund', 'donation', ${refs.refunded!.reference}, '{"amountKobo":150000,"note":"Part of the gift"}')`);
}, 120_000);
afterAll(() => stopTestApp(ctx));

const list = async (query: string): Promise<PaymentList> => {
  const res = await get(`/api/admin/payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const references = (l: PaymentList) => l.items.map((i) => i.reference).sort();
const ours = `email=${encodeURIComponent(`desk.${tag}.`)}`;

describe('the payments list', () => {
  it('works out each desk status from the records', async () => {
    const statuses = Object.fromEntries((await list(ours)).items.map((i) => [i.reference, i.status]));
    expect(statuses).toMatchObject({
      [refs.paid!.reference]: 'paid',
      [refs.held!.reference]: 'held',
      [refs.lapsed!.reference]: 'lapsed',
      [refs.failed!.reference]: 'failed',
      [refs.refunded!.reference]: 'refunded',
      [refs.attention!.reference]: 'needs_attention',
      [paidReference]: 'paid',
    });
  });

  it('filters by each desk status', async () => {
    for (const [status, key] of [
      ['held', 'held'],
      ['lapsed', 'lapsed'],
      ['failed', 'failed'],
      ['refunded', 'refunded'],
      ['needs_attention', 'attention'],
    ] as const) {
      expect(references(await list(`${ours}&status=${status}`)), status).toEqual([refs[key]!.reference]);
    }
    const paid = await list(`${ours}&status=paid`);
    expect(paid.items.every((i) => i.status === 'paid')).toBe(true);
    expect(references(paid)).toContain(refs.paid!.reference);
    const attention = (await list(`${ours}&status=needs_attention`)).items[0]!;
    expect(attention.attention).toBe('wrong_amount');
    const refunded = (await list(`${ours}&status=refunded`)).items[0]!;
    expect(refunded.refundedKobo).toBe(150_000);
  });

  it('filters by channel, campaign of either kind, email and Lagos days', async () => {
    expect(references(await list(`${ours}&channel=bank_transfer`))).toEqual([refs.transfer!.reference]);
    expect(references(await list(`${ours}&channel=ussd`))).toEqual([refs.failed!.reference]);
    const recipient = await list(`campaign=${recipientCampaign}`);
    expect(references(recipient)).toEqual([refs.transfer!.reference]);
    expect(recipient.items[0]!.campaigns.map((c) => c.id).sort()).toEqual(
      [String(recipientCampaign), `org-${orgCampaign}`].sort(),
    );
    expect(recipient.items[0]!.campaigns.every((c) => c.title.includes(' for '))).toBe(true);
    const org = await list(`campaign=org-${orgCampaign}&limit=100`);
    expect(org.totals.count).toBe(Object.keys(refs).length + 1);
    // Case-insensitive, in part or whole; LIKE's wildcards are taken literally.
    expect(references(await list(`email=${encodeURIComponent(mail('HELD').toUpperCase())}`))).toEqual([
      refs.held!.reference,
    ]);
    expect((await list(`email=${encodeURIComponent(`DESK.${tag}.F`)}`)).totals.count).toBe(5);
    expect((await list(`email=${encodeURIComponent(`desk_${tag}`)}`)).totals.count).toBe(0);
    expect((await list(`email=${encodeURIComponent('%')}`)).totals.count).toBe(0);
    // 00:30 on 2 March in Lagos: on the 2nd, not the 1st.
    expect(references(await list(`${ours}&from=2026-03-02&to=2026-03-02`))).toEqual([refs.lateNight!.reference]);
    expect((await list(`${ours}&from=2026-03-01&to=2026-03-01`)).totals.count).toBe(0);
    expect(references(await list(`${ours}&to=2026-03-02`))).toEqual([refs.lateNight!.reference]);
    expect(references(await list(`${ours}&from=2026-03-03`))).not.toContain(refs.lateNight!.reference);
  });

  it('totals everything the filter matches, as the database sums it', async () => {
    const pattern = `desk.${tag}.%`;
    const [db] = await selectRows<{ count: number; total: number; paid: number; refunded: number }>(
      ctx.database.db,
      sql`select count(*)::int as count, sum(total_kobo)::bigint as total,
                 coalesce(sum(total_kobo) filter (where status = 'paid'), 0)::bigint as paid,
                 (select coalesce(sum(r.amount_kobo), 0) from refunds r join donations d on d.id = r.donation_id
                   where r.status <> 'failed' and d.donor_email like ${pattern})::bigint as refunded
            from donations where donor_email like ${pattern}`,
    );
    const mine = await list(`${ours}&limit=2`);
    expect(mine.items).toHaveLength(2);
    expect(mine.totals).toEqual({
      count: Number(db!.count),
      totalKobo: Number(db!.total),
      paidKobo: Number(db!.paid),
      refundedKobo: Number(db!.refunded),
      // No sponsor's match gave with these: donors' money alone.
      matchedKobo: 0,
    });
    expect(mine.totals.refundedKobo).toBe(150_000);
    const all = await list('limit=1');
    const [everything] = await selectRows<{ count: number; total: number; paid: number; refunded: number }>(
      ctx.database.db,
      sql`select count(*)::int as count, sum(total_kobo)::bigint as total,
                 coalesce(sum(total_kobo) filter (where status = 'paid'), 0)::bigint as paid,
                 (select coalesce(sum(amount_kobo), 0) from refunds where status <> 'failed')::bigint as refunded
            from donations`,
    );
    expect(all.totals).toEqual({
      count: Number(everything!.count),
      totalKobo: Number(everything!.total),
      paidKobo: Number(everything!.paid),
      refundedKobo: Number(everything!.refunded),
      matchedKobo: 0,
    });
  });

  it('pages by cursor, newest first, every row once', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: PaymentList = await list(`limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.reference));
      const times = page.items.map((i) => i.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      cursor = page.nextCursor;
      pages += 1;
    }
    const [count] = await selectRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from donations`);
    expect(seen).toHaveLength(Number(count!.n));
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBeGreaterThan(3);
  });
});

describe('a payment in full', () => {
  it('shows the items, provider events oldest first, refunds, cases and the audit trail', async () => {
    const res = await get(`/api/admin/payments/${refs.refunded!.reference}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as PaymentDetail;
    expect(detail.payment).toMatchObject({
      reference: refs.refunded!.reference,
      status: 'refunded',
      refundedKobo: 150_000,
    });
    expect(detail.items).toEqual([
      {
        campaign: expect.objectContaining({ id: `org-${orgCampaign}`, kind: 'organization' }),
        units: 1,
        amountKobo: 400_000,
        status: 'allocated',
        matchedBy: null,
      },
    ]);
    expect(detail.events.map((e) => e.event)).toEqual(['charge.success', 'refund.processed']);
    expect(detail.refunds.map((r) => [r.amountKobo, r.status])).toEqual([
      [150_000, 'processed'],
      [90_000, 'failed'],
    ]);
    expect(detail.cases).toEqual([
      expect.objectContaining({ reason: 'paid_twice', resolution: 'refunded', note: 'Refunded the second payment.' }),
    ]);
    expect(detail.audit).toEqual([
      expect.objectContaining({ action: 'payment.refund', detail: expect.stringContaining('amountKobo: 150000') }),
    ]);
  });

  it('shows the provider reply, the hold, the receipt job and the notices of a gift paid through the site', async () => {
    const detail = (await get(`/api/admin/payments/${paidReference}`)).json() as PaymentDetail;
    expect(detail.payment.status).toBe('paid');
    expect(detail.provider).toMatchObject({ name: 'sandbox', status: 'success' });
    expect(detail.hold.expiresAt).not.toBeNull();
    expect(detail.notices.map((n) => n.kind)).toContain('receipt');
    expect(detail.notices.find((n) => n.kind === 'receipt')).toMatchObject({
      to: mail('real'),
      subject: expect.stringContaining(paidReference),
    });
    expect(detail.notices.some((n) => n.kind === 'notice' && n.subject.includes(paidReference))).toBe(true);
  });

  it('answers 404 in words for an unknown reference', async () => {
    const res = await get('/api/admin/payments/GOI-NOBODY-1');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No payment has that reference\./);
  });
});

describe('CSV exports', () => {
  const download = async (name: string, query = '') => {
    const res = await get(`/api/admin/exports/${name}.csv${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="gift-of-independence-${name}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
    return parse(res.body, { columns: true }) as Array<Record<string, string>>;
  };

  it('donations: one row per item, adding up to the database, amounts in naira and kobo, Lagos dates', async () => {
    const rows = await download('donations', `?email=${encodeURIComponent(`desk.${tag}.`)}`);
    const [db] = await selectRows<{ n: number; kobo: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, sum(i.amount_kobo)::bigint as kobo from donation_items i
            join donations d on d.id = i.donation_id where d.donor_email like ${`desk.${tag}.%`}`,
    );
    expect(rows).toHaveLength(Number(db!.n));
    expect(rows.reduce((s, r) => s + Number(r['Amount (kobo)']), 0)).toBe(Number(db!.kobo));
    for (const r of rows) expect(r['Amount (naira)']).toBe(nairaCell(Number(r['Amount (kobo)'])));
    const late = rows.find((r) => r.Reference === refs.lateNight!.reference)!;
    expect(late['Checkout started']).toBe('2026-03-02T00:30:00+01:00');
    expect(late['Amount (naira)']).toBe('1200.00');
    const transfer = rows.filter((r) => r.Reference === refs.transfer!.reference);
    expect(transfer.map((r) => r.Campaign).sort()).toEqual([String(recipientCampaign), `org-${orgCampaign}`].sort());
  });

  it('payments: the same totals as the list, and formula-looking names kept as text', async () => {
    const rows = await download('payments', `?email=${encodeURIComponent(`desk.${tag}.`)}`);
    const totals = (await list(ours)).totals;
    expect(rows).toHaveLength(totals.count);
    expect(rows.reduce((s, r) => s + Number(r['Total charged (kobo)']), 0)).toBe(totals.totalKobo);
    expect(rows.reduce((s, r) => s + Number(r['Refunded (kobo)']), 0)).toBe(totals.refundedKobo);
    const names = Object.fromEntries(rows.map((r) => [r.Reference, r['Donor name']]));
    expect(names[refs.f1!.reference]).toBe(`'=HYPERLINK("x")`);
    expect(names[refs.f2!.reference]).toBe("'+1");
    expect(names[refs.f3!.reference]).toBe("'@x");
    expect(names[refs.f4!.reference]).toBe("'-1");
    expect(names[refs.paid!.reference]).toBe('Desk Donor');
  });

  it('campaigns and donors: every campaign of both kinds, one row per donor', async () => {
    const campaigns = await download('campaigns', `?email=${encodeURIComponent(`desk.${tag}.`)}`);
    const org = campaigns.find((c) => c.Campaign === `org-${orgCampaign}`)!;
    const recipient = campaigns.find((c) => c.Campaign === String(recipientCampaign))!;
    expect(recipient.Kind).toBe('recipient');
    expect(Number(recipient['Given in this export (kobo)'])).toBe(700_000);
    const [given] = await selectRows<{ kobo: number }>(
      ctx.database.db,
      sql`select sum(i.amount_kobo)::bigint as kobo from donation_items i join donations d on d.id = i.donation_id
           where i.organization_campaign_id = ${orgCampaign} and i.status = 'allocated' and d.status = 'paid'
             and d.donor_email like ${`desk.${tag}.%`}`,
    );
    expect(Number(org['Given in this export (kobo)'])).toBe(Number(given!.kobo));
    expect(Number(org['Refunded in this export (kobo)'])).toBe(150_000);
    const [counts] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select (select count(*) from recipient_campaigns) + (select count(*) from organization_campaigns) as n`,
    );
    expect(campaigns).toHaveLength(Number(counts!.n));

    const donors = await download('donors', `?email=${encodeURIComponent(`desk.${tag}.`)}`);
    expect(donors).toHaveLength(Object.keys(refs).length + 1);
    const refunded = donors.find((d) => d['Donor email'] === mail('refunded'))!;
    expect(refunded).toMatchObject({ Gifts: '1', 'Given (kobo)': '400000', 'Refunded (kobo)': '150000' });
  });

  it('writes the audit log with the filter', async () => {
    await download('payments', `?channel=ussd&email=${tag}`);
    const [entry] = await selectRows<{ action: string; details: { words: string; filter: Record<string, string> } }>(
      ctx.database.db,
      sql`select action, details from admin_audit_log where action = 'export.payments' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'export.payments',
      details: { words: 'Exported payments', filter: { channel: 'ussd', email: tag } },
    });
  });

  it('refuses such a name at a guest checkout from now on, in a sentence', async () => {
    for (const donorFullName of [CMD_NAME, 'Ada\tObi', 'Ada\u0085Obi']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/donations/checkout',
        payload: {
          donorEmail: mail('guest'),
          donorFullName,
          cartItems: [{ campaignId: `org-${orgCampaign}`, units: 1 }],
        },
      });
      expect(res.statusCode, donorFullName).toBe(400);
      expect(res.json().message).toBe(
        'Donor full name should be one line of text, without line breaks, tabs or other control characters.',
      );
    }
    const [kept] = await selectRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from donations where donor_email = ${mail('guest')}`,
    );
    expect(kept!.n).toBe(0);
  });

  it('keeps a name with line breaks in one quoted cell, no line of it a formula, in every export naming donors', async () => {
    for (const name of ['payments', 'donations', 'donors']) {
      const res = await get(`/api/admin/exports/${name}.csv?email=${encodeURIComponent(`desk.${tag}.`)}`);
      expect(res.statusCode, name).toBe(200);
      // However a reader splits the file into lines, none starts as a formula.
      for (const line of res.body.split(/\r\n|\r|\n/)) expect(line, name).not.toMatch(/^[=+\-@\t]/);
      expect(res.body, name).toContain(`"Ada Obi\r'=cmd|' /C calc'!A0"`);
      const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
      const named = (n: string) => rows.find((r) => r['Donor email'] === mail(n))!['Donor name'];
      expect(named('cmd'), name).toBe("Ada Obi\r'=cmd|' /C calc'!A0");
      expect(named('lines'), name).toBe("Ngozi\n'@SUM(1+1)\t'+1\r\n'-2");
    }
  });

  it('escapes every cell that a spreadsheet would run', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1'])
      expect(formulaSafe(text)).toBe(`'${text}`);
    expect(formulaSafe('Ada')).toBe('Ada');
    expect(formulaSafe('Ada Obi\r=cmd')).toBe("Ada Obi\r'=cmd");
    expect(formulaSafe('a\n+1\t-2\u2028@3')).toBe("a\n'+1\t'-2\u2028'@3");
    expect(formulaSafe('\r\n=1')).toBe("'\r\n'=1");
    expect(formulaSafe('Obi-Okafor 1+1=2')).toBe('Obi-Okafor 1+1=2');
    expect(nairaCell(150_000)).toBe('1500.00');
    expect(nairaCell(5)).toBe('0.05');
    expect(lagosIso(new Date('2026-11-25T08:30:00Z'))).toBe('2026-11-25T09:30:00+01:00');
  });
});

describe('background jobs', () => {
  it('has words for every kind of job', () => {
    for (const name of Object.values(JOB)) expect(JOB_WORDS[name], name).toMatch(/\w/);
  });

  it('lists a failed job in words, and Retry runs it again', async () => {
    const message: MailMessage = {
      to: mail('job'),
      subject: 'A mail that failed',
      text: 'Hello',
      html: '<p>Hello</p>',
    };
    const [job] = await selectRows<{ id: string }>(
      ctx.database.db,
      sql`insert into pgboss.job (name, data, state, retry_limit, retry_count, completed_on, output)
          values (${JOB.mail}, ${JSON.stringify({ message })}::jsonb, 'failed', 1, 1, now(),
                  ${JSON.stringify({ message: 'The mail server refused the connection\n    at connect (net.js:1)' })}::jsonb)
          returning id`,
    );
    const res = await get('/api/admin/jobs?state=failed');
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json() as { items: Array<Record<string, unknown>>; counts: { failed: number } }).items.find(
      (j) => j.id === job!.id,
    );
    expect(listed).toMatchObject({
      name: JOB.mail,
      words: JOB_WORDS[JOB.mail],
      error: 'The mail server refused the connection',
    });
    expect(JSON.stringify(listed)).not.toContain(mail('job'));
    expect((await get('/api/admin/jobs/counts')).json().failed).toBeGreaterThanOrEqual(1);

    const retried = await post(`/api/admin/jobs/${job!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    const box = mailboxOf(ctx.app) as unknown as { messages: MailMessage[] };
    const sent = await eventually(
      "the retried job's mail",
      async () => box.messages.filter((m) => m.to === mail('job')),
      (m) => m.length > 0,
    );
    expect(sent).toHaveLength(1);
    const again = await post(`/api/admin/jobs/${job!.id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/No failed job has that id/);
    const [entry] = await selectRows<{ entity_id: string }>(
      ctx.database.db,
      sql`select entity_id from admin_audit_log where action = 'job.retry' order by id desc limit 1`,
    );
    expect(entry!.entity_id).toBe(job!.id);
    expect((await get('/api/admin/jobs?state=waiting')).statusCode).toBe(200);
  });
});

describe("a recipient campaign's donations", () => {
  it('lists the gifts as organization campaigns do', async () => {
    const res = await get(`/api/admin/campaigns/${recipientCampaign}/donations`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ email: mail('transfer'), amount: 700_000, units_funded: 1, first_name: 'Desk' }),
    ]);
    const org = (await get(`/api/admin/org-campaigns/${orgCampaign}/donations`)).json() as Array<{ email: string }>;
    expect(org.map((d) => d.email)).toContain(mail('real'));
  });
});

describe('who may use the desk, and bad input', () => {
  const routes = [
    '/api/admin/payments',
    `/api/admin/payments/DESK-${tag}-paid`,
    '/api/admin/exports/payments.csv',
    '/api/admin/exports/donors.csv',
    '/api/admin/jobs',
    '/api/admin/jobs/counts',
    `/api/admin/campaigns/${recipientCampaign}/donations`,
  ];
  it('refuses donors and signed-out callers', async () => {
    for (const url of routes) {
      expect((await get(url, donor)).statusCode, url).toBe(403);
      expect((await get(url, '')).statusCode, url).toBe(401);
    }
    const retry = `/api/admin/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/retry`;
    expect((await post(retry, donor)).statusCode).toBe(403);
  });

  it('answers bad filters with a 400 sentence', async () => {
    for (const query of [
      'status=lost',
      'from=2026-02-30',
      'to=yesterday',
      'campaign=org-x',
      'campaign=9999999999',
      'channel=CARD!',
      'limit=500',
      'limit=0',
      'cursor=not-a-cursor',
      'from=2026-03-02&to=2026-03-01',
      'from=0000-01-01',
      'from=0001-01-01',
      'to=0000-01-01',
      'from=1999-12-31',
      'to=2101-01-01',
    ]) {
      for (const url of [`/api/admin/payments?${query}`, `/api/admin/exports/donations.csv?${query}`]) {
        if (url.includes('.csv') && /limit|cursor/.test(query)) continue;
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message, url).toMatch(/\.$/);
        expect(res.headers['content-disposition'], url).toBeUndefined();
      }
    }
    expect((await get('/api/admin/exports/everything.csv')).statusCode).toBe(400);
    for (const name of ['payments', 'donations', 'campaigns', 'donors']) {
      const res = await get(`/api/admin/exports/${name}.csv?from=0000-01-01`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('from must be a day from 2000-01-01 to 2100-12-31.');
    }
    expect((await get('/api/admin/jobs?state=lost')).statusCode).toBe(400);
    expect((await post('/api/admin/jobs/not-a-job/retry')).statusCode).toBe(400);
    const unknown = await post(`/api/admin/jobs/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/retry`);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers an export that fails before its first row with a plain JSON error, not a CSV file', async () => {
    const exportsLogged = async () =>
      Number(
        (
          await selectRows<{ n: number }>(
            ctx.database.db,
            sql`select count(*)::int as n from admin_audit_log where action like 'export.%'`,
          )
        )[0]!.n,
      );
    const logged = await exportsLogged();
    // A table the export reads is briefly missing, as a database fault would leave it.
    await ctx.database.db.execute(sql`alter table refunds rename to refunds_away`);
    try {
      for (const name of ['payments', 'donors']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/api/admin/exports/${name}.csv`,
          headers: { authorization: `Bearer ${admin}`, 'accept-encoding': 'gzip' },
        });
        expect(res.statusCode, name).toBe(500);
        expect(res.headers['content-type'], name).toMatch(/^application\/json/);
        expect(res.headers['content-disposition'], name).toBeUndefined();
        expect(res.headers['content-encoding'], name).toBeUndefined();
        expect(res.json(), name).toEqual({
          message: 'Something went wrong on our side. Please try again later.',
          code: 'internal',
        });
      }
    } finally {
      await ctx.database.db.execute(sql`alter table refunds_away rename to refunds`);
    }
    expect(await exportsLogged()).toBe(logged);
  });
});
