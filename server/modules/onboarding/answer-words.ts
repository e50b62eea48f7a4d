import { ID_HOLDERS, ID_TYPE_LABELS } from '@contract/onboarding';
import { PUBLIC_NAME_LABELS } from '@contract/public-name';

type Field = { key: string; label: string; words?: (value: unknown) => string };

const ID_HOLDER_WORDS: Record<(typeof ID_HOLDERS)[number], string> = {
  self: 'Their own',
  parentOrGuardian: "A parent's or guardian's",
};

/** Each kind's wizard answers in the order the wizard asks them, as an admin reads them. */
const FIELDS: Record<'recipient' | 'organization', Field[]> = {
  recipient: [
    { key: 'gender', label: 'Gender' },
    { key: 'age', label: 'Age' },
    { key: 'stateOfOrigin', label: 'State of origin' },
    { key: 'employmentStatus', label: 'Employment status' },
    { key: 'recipientBio', label: 'About them' },
    { key: 'idType', label: 'Type of ID', words: (v) => ID_TYPE_LABELS[String(v)] ?? String(v) },
    {
      key: 'idHolder',
      label: 'Whose ID',
      words: (v) => ID_HOLDER_WORDS[v as keyof typeof ID_HOLDER_WORDS] ?? String(v),
    },
    {
      key: 'publicName',
      label: 'Public name',
      words: (v) => PUBLIC_NAME_LABELS[v as keyof typeof PUBLIC_NAME_LABELS] ?? String(v),
    },
    { key: 'showState', label: 'State shown publicly' },
  ],
  organization: [
    { key: 'organizationName', label: 'Organization name' },
    { key: 'yearOfEstablishment', label: 'Year of establishment' },
    { key: 'stateOfOperation', label: 'State of operation' },
    { key: 'organizationBio', label: 'About the organization' },
    { key: 'idType', label: 'Type of document', words: (v) => ID_TYPE_LABELS[String(v)] ?? String(v) },
  ],
};

/** The stored file keys: shown as the photo and the document link, never as answers. */
export const FILE_FIELDS = ['profilePhotoKey', 'idDocumentKey'];

const plain = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? 'Not given'
    : typeof value === 'boolean'
      ? value
        ? 'Yes'
        : 'No'
      : typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);

/** `publicName` reads as "Public name": answers the table does not know yet are still shown. */
const labelOf = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Every answer of one version in words: the known ones in the wizard's order, then any others. */
export function answersInWords(
  kind: 'recipient' | 'organization',
  answers: Record<string, unknown>,
): { label: string; value: string }[] {
  const known = FIELDS[kind];
  const words = known.map((f) => ({
    label: f.label,
    value: answers[f.key] === undefined ? 'Not given' : (f.words ?? plain)(answers[f.key]),
  }));
  const seen = new Set([...known.map((f) => f.key), ...FILE_FIELDS]);
  for (const [key, value] of Object.entries(answers)) {
    if (!seen.has(key)) words.push({ label: labelOf(key), value: plain(value) });
  }
  return words;
}

/** The answers without the stored file keys, for the owner's prefilled wizard. */
export function answersWithoutFiles(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => !FILE_FIELDS.includes(key)));
}
