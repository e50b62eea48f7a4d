import { sql } from 'drizzle-orm';
import type { AssistedFacts } from '@contract/caseworkers';
import type { AppDeps } from '../../deps';
import { selectRows } from '../../db/client';
import { storedFile } from '../uploads/queries';
import { documentLink } from './profiles';

type Files = Pick<AppDeps, 'db' | 'signer'>;

type FactsRow = {
  recipient_id: number;
  caseworker_name: string | null;
  organization_name: string | null;
  consent_method: AssistedFacts['consent_method'];
  consent_given_on: string;
  witness_name: string | null;
  consent_form_key: string | null;
};

/**
 * How each of these recipients' applications was assisted, for admin review: who applied, for
 * which organization, and the consent record, the signed form as a link that works for minutes.
 * Recipients who applied themselves are absent from the map.
 */
export async function assistedFactsOf(files: Files, recipientIds: number[]): Promise<Map<number, AssistedFacts>> {
  const facts = new Map<number, AssistedFacts>();
  if (recipientIds.length === 0) return facts;
  const rows = await selectRows<FactsRow>(
    files.db,
    sql`select a.recipient_id, nullif(concat_ws(' ', cw.first_name, cw.last_name), '') as caseworker_name,
          op.organization_name, a.consent_method, a.consent_given_on::text as consent_given_on, a.witness_name,
          a.consent_form_key
        from assisted_applications a
        left join users cw on cw.id = a.caseworker_id
        left join organization_profiles op on op.user_id = a.organization_id
        where a.recipient_id in (${sql.join(
          recipientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) {
    const url = await documentLink(files.db, files.signer, r.consent_form_key);
    const file = r.consent_form_key ? await storedFile(files.db, r.consent_form_key) : undefined;
    facts.set(Number(r.recipient_id), {
      caseworker_name: r.caseworker_name,
      organization_name: r.organization_name,
      consent_method: r.consent_method,
      consent_given_on: r.consent_given_on,
      witness_name: r.witness_name,
      consent_form: url ? { url, file_name: file?.fileName ?? 'consent form' } : null,
    });
  }
  return facts;
}
