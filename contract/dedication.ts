import { z } from 'zod';
import { oneLine } from './one-line';

/** A gift given in honour of someone living, or in memory of someone who has died (decision 0079). */
export const DEDICATION_KINDS = ['honour', 'memory'] as const;
export type DedicationKind = (typeof DEDICATION_KINDS)[number];

export const DEDICATION_NAME_MAX = 100;
export const DEDICATION_MESSAGE_MAX = 500;

/** The card's heading, and the dedication as the donor's history and receipt show it. */
export const dedicationHeading = (kind: DedicationKind, name: string): string =>
  `A gift in ${kind === 'honour' ? 'honour' : 'memory'} of ${name}`;

export const dedicationSchema = z.object({
  kind: z.enum(DEDICATION_KINDS, { error: 'Choose in honour of, or in memory of.' }),
  name: oneLine(
    z
      .string({ error: 'Enter the name of the person the gift is for.' })
      .trim()
      .min(1, 'Enter the name of the person the gift is for.')
      .max(DEDICATION_NAME_MAX, `The name is at most ${DEDICATION_NAME_MAX} characters.`),
  ),
  message: z
    .string({ error: 'The message must be text.' })
    .trim()
    .max(DEDICATION_MESSAGE_MAX, `Please keep the message to ${DEDICATION_MESSAGE_MAX} characters or fewer.`)
    .transform((text) => (text ? text : undefined))
    .optional(),
  notifyEmail: z
    .string({ error: 'Enter the address to tell.' })
    .trim()
    .toLowerCase()
    .max(254)
    .transform((text) => (text ? text : undefined))
    .pipe(z.string().email('Enter the address to tell in the format name@example.com.').optional())
    .optional(),
});
export type Dedication = z.output<typeof dedicationSchema>;
export type DedicationInput = z.input<typeof dedicationSchema>;
