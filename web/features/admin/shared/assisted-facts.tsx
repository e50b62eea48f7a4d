import type { ReactNode } from 'react';
import { assistedByWords, CONSENT_METHOD_WORDS, type AssistedFacts } from '@contract/caseworkers';
import { blockLink } from '@/ui/text-link';

/**
 * What review shows of an application a caseworker made for someone: who helped, and the consent
 * record (the signed form as a link for admins that works for a few minutes).
 */
export function assistedFacts(assisted: AssistedFacts | null, who: string): [string, ReactNode][] {
  if (!assisted) return [];
  return [
    ['Application', assistedByWords(assisted)],
    ['Consent', `${CONSENT_METHOD_WORDS[assisted.consent_method]}, given on ${assisted.consent_given_on}`],
    ...(assisted.witness_name ? ([['Witness', assisted.witness_name]] as [string, ReactNode][]) : []),
    ...(assisted.consent_form
      ? ([
          [
            'Consent form',
            <a key="form" href={assisted.consent_form.url} target="_blank" rel="noreferrer" className={blockLink}>
              Open the signed consent form<span className="sr-only"> of {who}</span>, {assisted.consent_form.file_name}{' '}
              (opens in a new tab)
            </a>,
          ],
        ] as [string, ReactNode][])
      : []),
  ];
}
