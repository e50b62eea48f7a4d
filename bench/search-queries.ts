import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../server/db/client';

/** A small seeded random source, so every run asks the same queries. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One typing slip: a letter dropped, two swapped, or one doubled. */
function misspell(word: string, next: () => number): string {
  if (word.length < 4) return word;
  const at = 1 + Math.floor(next() * (word.length - 2));
  const kind = Math.floor(next() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  return word.slice(0, at) + word[at] + word.slice(at);
}

/**
 * At least `count` distinct queries of the kinds visitors type (1 to 4 words): product names, the
 * names of recipients and organizations, words from reasons, each sometimes misspelt or mixed.
 */
export async function realisticQueries(db: Db, count = 1200): Promise<string[]> {
  const names = async (query: ReturnType<typeof sql>) =>
    (await selectRows<{ name: string }>(db, query)).map((r) => r.name).filter(Boolean);
  const products = await names(sql`select name from products union select name from organization_products`);
  const people = await names(
    sql`select distinct first_name || ' ' || last_name as name from users u join roles r on r.id = u.role_id where r.name = 'recipient' limit 500`,
  );
  const organizations = await names(sql`select organization_name as name from organization_profiles limit 500`);
  const reasons = await names(sql`select reason as name from recipient_campaigns order by id limit 400`);
  const reasonWords = [...new Set(reasons.flatMap((r) => r.toLowerCase().match(/[a-z]{4,}/g) ?? []))];
  const next = random(20_261_123);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]!;
  const words = (text: string) => text.split(/\s+/).filter(Boolean);
  const some = (list: string[], max: number) => {
    const start = Math.floor(next() * list.length);
    return list.slice(start, start + 1 + Math.floor(next() * max)).join(' ');
  };
  const maybeMisspelt = (text: string) =>
    next() < 0.4
      ? words(text)
          .map((w) => (next() < 0.6 ? misspell(w.toLowerCase(), next) : w.toLowerCase()))
          .join(' ')
      : text.toLowerCase();
  const kinds = [
    () => some(words(pick(products)), 3),
    () => pick(people),
    () => words(pick(people))[0]!,
    () => some(words(pick(organizations)), 4),
    () => some(reasonWords, 3),
    () => `${words(pick(products))[0]} ${words(pick(people))[0]}`,
    () => `${pick(reasonWords)} ${words(pick(products)).slice(-1)[0]}`,
  ];
  const found = new Set<string>();
  for (let tries = 0; found.size < count && tries < count * 50; tries++) {
    const query = maybeMisspelt(pick(kinds)()).trim().split(/\s+/).slice(0, 4).join(' ');
    if (query.length >= 2) found.add(query);
  }
  return [...found];
}
