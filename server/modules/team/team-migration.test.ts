import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, selectRows, type Database } from '../../db/client';
import { openEmptyTestDatabase } from '../../test/harness';

/** The migrations in order, as the journal lists them. */
const journal = (
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);
const TEAMS = '0028_organization-teams';

async function apply(database: Database, tag: string) {
  const text = fs.readFileSync(path.join(migrationsFolder, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await database.db.execute(sql.raw(statement));
  }
}

let database: Database;
beforeAll(async () => {
  database = await openEmptyTestDatabase();
  for (const tag of journal.slice(0, journal.indexOf(TEAMS))) await apply(database, tag);
}, 120_000);
afterAll(() => database?.close());

describe('the move to teams (migration 0028), on the run’s engine', () => {
  it('makes every organization the owner of its team and keeps its caseworkers and open invitations, losing nothing', async () => {
    const db = database.db;
    const user = async (email: string, role: string) => {
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`insert into users (email, first_name, last_name, role_id, created_at)
            select ${email}, 'Before', 'Teams', r.id, now() - interval '30 days' from roles r where r.name = ${role}
            returning id`,
      );
      return Number(row!.id);
    };
    const school = await user('school@example.org', 'organization');
    const clinic = await user('clinic@example.org', 'organization');
    const teacher = await user('teacher@example.org', 'caseworker');
    const removed = await user('removed@example.org', 'caseworker');
    await db.execute(
      sql`insert into caseworkers (user_id, organization_id, created_at) values (${teacher}, ${school}, now() - interval '20 days')`,
    );
    await db.execute(sql`insert into caseworker_invites (organization_id, email, token_hash, expires_at, accepted_at, accepted_user_id) values
      (${school}, 'open@example.org', 'hash-open', now() + interval '3 days', null, null),
      (${school}, 'lapsed@example.org', 'hash-lapsed', now() - interval '1 day', null, null),
      (${school}, 'teacher@example.org', 'hash-used', now() + interval '3 days', now() - interval '20 days', ${teacher})`);

    await apply(database, TEAMS);

    const rows = await selectRows<{
      organization_id: number;
      user_id: number | null;
      role: string;
      email: string | null;
      token_hash: string | null;
      joined: boolean;
    }>(
      db,
      sql`select organization_id, user_id, role, email, token_hash, joined_at is not null as joined
            from organization_members order by organization_id, role, email nulls first`,
    );
    expect(
      rows.map((r) => ({ ...r, organization_id: Number(r.organization_id), user_id: r.user_id && Number(r.user_id) })),
    ).toEqual([
      { organization_id: school, user_id: teacher, role: 'caseworker', email: null, token_hash: null, joined: true },
      {
        organization_id: school,
        user_id: null,
        role: 'caseworker',
        email: 'open@example.org',
        token_hash: 'hash-open',
        joined: false,
      },
      { organization_id: school, user_id: school, role: 'owner', email: null, token_hash: null, joined: true },
      { organization_id: clinic, user_id: clinic, role: 'owner', email: null, token_hash: null, joined: true },
    ]);
    // A removed caseworker keeps their account, on no team, and may be invited again (docs/decisions/0074).
    const [account] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where id = ${removed}`,
    );
    expect(Number(account!.n)).toBe(1);
    // The old tables are gone.
    const [left] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from information_schema.tables where table_name in ('caseworkers', 'caseworker_invites')`,
    );
    expect(Number(left!.n)).toBe(0);
    // The rest of the migrations apply after it.
    for (const tag of journal.slice(journal.indexOf(TEAMS) + 1)) await apply(database, tag);
  });
});
