import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';

/**
 * The stored files that profiles, onboarding answers and consent records point at, for the people
 * `person` picks (given the column naming the person in each table): one list of where a person's
 * documents are named, for erasing them and for handing them over.
 */
export function keysNamedBy(person: (column: SQL) => SQL): SQL {
  const userId = person(sql`user_id`);
  return sql`select profile_photo_key as key from recipient_profiles where ${userId}
    union select id_document_key from recipient_profiles where ${userId}
    union select profile_photo_key from organization_profiles where ${userId}
    union select id_document_key from organization_profiles where ${userId}
    union select answers->>'profilePhotoKey' from onboarding_submissions where ${userId}
    union select answers->>'idDocumentKey' from onboarding_submissions where ${userId}
    union select consent_form_key from assisted_applications where ${person(sql`recipient_id`)}`;
}

/** Every stored file of a person: those their records name and every upload they made (the shared seed images are not theirs). */
export async function fileKeysOf(db: Db, userId: number): Promise<string[]> {
  const rows = await selectRows<{ key: string | null }>(
    db,
    sql`${keysNamedBy((column) => sql`${column} = ${userId}`)}
        union select key from uploads where owner_id = ${userId}
        union select stored_key from uploads where owner_id = ${userId}`,
  );
  return [...new Set(rows.map((r) => r.key).filter((k): k is string => Boolean(k) && /^(public|private)\//.test(k!)))];
}
