import { z } from 'zod';

/**
 * How a recipient's name appears wherever the public can read it (campaign pages, search, receipts):
 * the whole name, or the first name and the surname's initial ("Ada O."), which is the default.
 */
export const PUBLIC_NAME_CHOICES = ['full', 'first_initial'] as const;
export type PublicNameChoice = (typeof PUBLIC_NAME_CHOICES)[number];
export const DEFAULT_PUBLIC_NAME: PublicNameChoice = 'first_initial';

export const PUBLIC_NAME_LABELS: Record<PublicNameChoice, string> = {
  full: 'Full name',
  first_initial: 'First name and initial',
};

export const publicNameSchema = z.enum(PUBLIC_NAME_CHOICES, { error: 'Choose how your name appears.' });

/** The surname as the public sees it: whole, or its first letter and a full stop ("O."). */
export function publicLastName(lastName: string, choice: PublicNameChoice | null | undefined): string {
  if ((choice ?? DEFAULT_PUBLIC_NAME) === 'full') return lastName;
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${initial.toUpperCase()}.` : '';
}

/** "Ada O." or "Ada Obi", for previews of the choice. */
export function publicFullName(firstName: string, lastName: string, choice: PublicNameChoice | null | undefined) {
  return `${firstName} ${publicLastName(lastName, choice)}`.trim();
}
