import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is, sql, type SQL } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_CAMPAIGN_STATUSES, RECIPIENT_CAMPAIGN_STATUSES } from '@contract/campaign-fields';
import { selectRows, type Db } from '../../db/client';
import * as schema from '../../db/schema/all';
import { createOrganizationCampaign, createRecipientCampaign, createUser } from '../../test/fixtures';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { FEATURABLE_STATUSES, OPEN_STATUSES, PUBLIC_STATUSES, statusesOf } from './status-rules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const allStatuses = new Set<string>([...RECIPIENT_CAMPAIGN_STATUSES, ...ORGANIZATION_CAMPAIGN_STATUSES]);
const sorted = (list: readonly string[]) => [...list].sort();

describe('the rule book against the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => stopTestApp(ctx));

  it('has one row for every status the schema allows, and only those', () => {
    expect(sorted(statusesOf('recipient'))).toEqual(sorted(RECIPIENT_CAMPAIGN_STATUSES));
    expect(sorted(statusesOf('organization'))).toEqual(sorted(ORGANIZATION_CAMPAIGN_STATUSES));
  });

  it("checks every column of fixed values against its list in code, and a campaign's status against the rule book", async () => {
    const declared = new Map<string, string[]>();
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const column of getTableConfig(table).columns) {
        if (column.enumValues) declared.set(`${getTableName(table)}.${column.name}`, sorted(column.enumValues));
      }
    }
    const checked = await knownValueChecks(ctx.database.db);
    // Both ways: a column whose list the database does not hold exactly, or a list the database holds
    // for a column declared without one, fails.
    expect(Object.fromEntries([...checked].sort())).toEqual(Object.fromEntries([...declared].sort()));
    expect(checked.get('recipient_campaigns.status')).toEqual(sorted(statusesOf('recipient')));
    expect(checked.get('organization_campaigns.status')).toEqual(sorted(statusesOf('organization')));
    // The status columns by name, so one that lost its declared list cannot pass by missing on both sides.
    for (const column of [
      'recipient_campaigns.delivery_status',
      'donations.status',
      'donation_items.status',
      'payments.status',
      'sandbox_transactions.status',
      'refunds.status',
      'attention_cases.resolution',
      'onboarding_submissions.status',
      'campaign_updates.status',
      'support_messages.status',
      'collection_bookings.status',
      'uploads.status',
      'users.notify_by',
    ])
      expect(checked.has(column), column).toBe(true);
  });

  it('refuses a status the code does not know, on insert and on update', async () => {
    const db = ctx.database.db;
    const recipientId = await createUser(db, 'recipient');
    const campaignId = await createRecipientCampaign(db, { status: 'approved', recipientId });
    const organizationId = await createUser(db, 'organization');
    const orgCampaignId = await createOrganizationCampaign(db, 4, { status: 'approved', organizationId });

    expect(await refusal(db, sql`update recipient_campaigns set status = 'archived' where id = ${campaignId}`)).toEqual(
      { code: '23514', constraint: 'recipient_campaigns_status' },
    );
    expect(
      await refusal(db, sql`update organization_campaigns set status = 'archived' where id = ${orgCampaignId}`),
    ).toEqual({ code: '23514', constraint: 'organization_campaigns_status' });
    expect(
      await refusal(
        db,
        sql`insert into donations (reference, donor_email, donor_full_name, total_kobo, status)
            values (${`unknown-status-${campaignId}`}, 'rules@example.org', 'Rule Checker', 100000, 'refunded')`,
      ),
    ).toEqual({ code: '23514', constraint: 'donations_status' });
    const [campaign] = await selectRows<{ status: string }>(
      db,
      sql`select status from recipient_campaigns where id = ${campaignId}`,
    );
    expect(campaign?.status).toBe('approved');
  });

  it('knows every status a stored campaign holds', async () => {
    for (const [kind, table] of [
      ['recipient', 'recipient_campaigns'],
      ['organization', 'organization_campaigns'],
    ] as const) {
      const rows = await selectRows<{ status: string }>(
        ctx.database.db,
        sql`select distinct status from ${sql.identifier(table)}`,
      );
      for (const { status } of rows) expect(statusesOf(kind), `${table}: ${status}`).toContain(status);
    }
  });

  it('names exactly the statuses the rule book says in every index and check that names statuses', async () => {
    // Every partial index and check constraint of the campaign tables that names a status, and the
    // rule it stands for. One that names statuses and is missing here fails too.
    const expected: Record<string, readonly string[]> = {
      recipient_campaigns_one_open_idx: OPEN_STATUSES.recipient,
      organization_campaigns_one_open_idx: OPEN_STATUSES.organization,
      recipient_campaigns_public_order_idx: PUBLIC_STATUSES.recipient,
      organization_campaigns_public_order_idx: PUBLIC_STATUSES.organization,
      recipient_campaigns_featured_live: FEATURABLE_STATUSES,
      recipient_campaigns_status: statusesOf('recipient'),
      organization_campaigns_status: statusesOf('organization'),
    };
    const definitions = await selectRows<{ name: string; definition: string }>(
      ctx.database.db,
      sql`select indexname as name, indexdef as definition from pg_indexes
           where tablename in ('recipient_campaigns', 'organization_campaigns')
          union all
          select conname, pg_get_constraintdef(oid) from pg_constraint
           where conrelid in ('recipient_campaigns'::regclass, 'organization_campaigns'::regclass)`,
    );
    const named = new Map<string, string[]>();
    // Conditions on the status column only: a delivery status shares some words with campaign statuses.
    for (const { name, definition } of definitions.filter((d) => /\bstatus\b/.test(d.definition))) {
      const literals = [...definition.matchAll(/'([^']*)'/g)].map((m) => m[1]!).filter((s) => allStatuses.has(s));
      if (literals.length) named.set(name, sorted(literals));
    }
    expect(sorted([...named.keys()])).toEqual(sorted(Object.keys(expected)));
    for (const [name, statuses] of Object.entries(expected)) expect(named.get(name), name).toEqual(sorted(statuses));
  });
});

/**
 * Every check in the database that holds a column to a list of values (`column in (...)`, which
 * PostgreSQL keeps as `column = ANY (ARRAY[...])`), by `table.column`, the values sorted.
 */
async function knownValueChecks(db: Db): Promise<Map<string, string[]>> {
  const rows = await selectRows<{ table: string; definition: string }>(
    db,
    sql`select conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
          from pg_constraint
         where contype = 'c' and connamespace = 'public'::regnamespace`,
  );
  const checks = new Map<string, string[]>();
  for (const { table, definition } of rows) {
    const match = /^CHECK \(\("?(\w+)"? = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
    if (!match) continue;
    const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"));
    checks.set(`${table.replaceAll('"', '')}.${match[1]}`, sorted(values));
  }
  return checks;
}

/** The code and constraint PostgreSQL refused a statement with; fails the test when it was taken. */
async function refusal(db: Db, statement: SQL): Promise<{ code: string; constraint: string }> {
  try {
    await db.execute(statement);
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    return { code: String(cause.code), constraint: String(cause.constraint) };
  }
  throw new Error('The database took a value the code does not know.');
}

/** The literal text of a template starting just after its opening backtick, and where it ends. */
function templateText(source: string, start: number): { text: string; end: number } {
  let text = '';
  let i = start;
  while (i < source.length && source[i] !== '`') {
    if (source[i] === '\\') {
      text += source.slice(i, i + 2);
      i += 2;
    } else if (source.startsWith('${', i)) {
      i = skipExpression(source, i + 2);
      text += '${}';
    } else text += source[i++];
  }
  return { text, end: i + 1 };
}

/** Skips a `${...}` expression (nested braces, strings and templates included); answers the index after it. */
function skipExpression(source: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < source.length) {
    const ch = source[i]!;
    if (ch === '`') i = templateText(source, i + 1).end;
    else if (ch === "'" || ch === '"') {
      i += 1;
      while (i < source.length && source[i] !== ch) i += source[i] === '\\' ? 2 : 1;
      i += 1;
    } else {
      if (ch === '{') depth += 1;
      if (ch === '}' && --depth === 0) return i + 1;
      i += 1;
    }
  }
  return i;
}

const campaignTable = /recipient_campaigns\b|organization_campaigns\b|recipientCampaigns|organizationCampaigns/;
// Statuses only campaigns have; 'pending' (also a donation's and a payment's) and 'delivered' (also a
// delivery status) count only in a statement about campaigns.
const sharedWords = new Set(['pending', 'delivered']);

/** Campaign status literals in SQL text or drizzle conditions of one source file, outside the rule book. */
function statusLiteralsIn(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\bsql(?:<[^>`]*>)?`/g)) {
    const start = match.index + match[0].length;
    const { text, end } = templateText(source, start);
    const aboutCampaigns = campaignTable.test(source.slice(start, end));
    for (const [, word] of text.matchAll(/'([a-z_]+)'/g)) {
      if (allStatuses.has(word!) && (aboutCampaigns || !sharedWords.has(word!))) found.push(`sql: '${word}'`);
    }
  }
  for (const match of source.matchAll(/\b(?:eq|ne)\(\s*\w*[Cc]ampaigns?\w*\.status\s*,\s*'([a-z_]+)'/g)) {
    if (allStatuses.has(match[1]!)) found.push(`condition: '${match[1]}'`);
  }
  for (const match of source.matchAll(/\b(?:inArray|notInArray)\(\s*[\w.`$]*status[\w`]*\s*,\s*\[([^\]]*)\]/g)) {
    for (const [, word] of match[1]!.matchAll(/'([a-z_]+)'/g)) {
      if (allStatuses.has(word!)) found.push(`condition: '${word}'`);
    }
  }
  return found;
}

describe('no status list outside the rule book', () => {
  const ruleBook = new Set([
    'server/modules/campaign-core/status-rules.ts',
    'server/modules/campaign-core/status-sql.ts',
  ]);

  it('finds the literals it looks for', () => {
    expect(statusLiteralsIn("sql`update recipient_campaigns set x = 1 where status = 'pending'`")).toEqual([
      "sql: 'pending'",
    ]);
    expect(
      statusLiteralsIn("sql`select 1 where ${t.a} in (${sql`x`}) and c.status in ('approved', 'fulfilled')`"),
    ).toEqual(["sql: 'approved'", "sql: 'fulfilled'"]);
    expect(statusLiteralsIn("sql`select id from donations where status = 'pending'`")).toEqual([]);
    expect(statusLiteralsIn("and(eq(organizationCampaigns.status, 'pending'))")).toEqual(["condition: 'pending'"]);
    expect(statusLiteralsIn("inArray(recipientCampaigns.status, ['approved', 'purchased'])")).toEqual([
      "condition: 'approved'",
      "condition: 'purchased'",
    ]);
  });

  it('has no campaign status literal in SQL or a status condition under server/modules, server/db/seed or the seeding', () => {
    const files = ['server/modules', 'server/db/seed']
      .flatMap((dir) =>
        fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)),
      )
      .concat('server/seed-demo.ts')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !ruleBook.has(file));
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.flatMap((file) =>
      statusLiteralsIn(fs.readFileSync(path.join(root, file), 'utf8')).map((hit) => `${file}: ${hit}`),
    );
    expect(offenders).toEqual([]);
  });
});
