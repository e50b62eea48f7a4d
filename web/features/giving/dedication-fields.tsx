import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  DEDICATION_MESSAGE_MAX,
  DEDICATION_NAME_MAX,
  dedicationSchema,
  type DedicationInput,
} from '@contract/dedication';
import { ApiError } from '@/lib/api';
import { Checkbox, RadioGroup, TextField } from '@/ui/fields';
import { CharacterCount } from './character-count';

/**
 * The dedication as the checkout form holds it: flat fields, so each has its own place in the error
 * summary, checked by the contract's own schema (decision 0079) only when the box is ticked.
 */
export const dedicationFormFields = {
  dedicated: z.boolean(),
  dedicationKind: z.string(),
  dedicationName: z.string(),
  dedicationMessage: z.string(),
  dedicationNotifyEmail: z.string(),
};
export type DedicationForm = { [K in keyof typeof dedicationFormFields]: z.infer<(typeof dedicationFormFields)[K]> };

export const DEDICATION_DEFAULTS: DedicationForm = {
  dedicated: false,
  dedicationKind: '',
  dedicationName: '',
  dedicationMessage: '',
  dedicationNotifyEmail: '',
};

/** Where each part of the wire's dedication sits in the form. */
const FORM_NAMES = {
  kind: 'dedicationKind',
  name: 'dedicationName',
  message: 'dedicationMessage',
  notifyEmail: 'dedicationNotifyEmail',
} as const satisfies Record<keyof DedicationInput, keyof DedicationForm>;

/** What the checkout sends: nothing unless the box is ticked. */
export function dedicationOf(values: DedicationForm): DedicationInput | undefined {
  if (!values.dedicated) return undefined;
  return {
    kind: values.dedicationKind as DedicationInput['kind'],
    name: values.dedicationName,
    message: values.dedicationMessage,
    notifyEmail: values.dedicationNotifyEmail,
  };
}

/** The contract's checks of a ticked dedication, each problem put on its own field. */
export function checkDedication(values: DedicationForm, ctx: z.RefinementCtx): void {
  const dedication = dedicationOf(values);
  if (!dedication) return;
  const parsed = dedicationSchema.safeParse(dedication);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    const field = FORM_NAMES[issue.path[0] as keyof typeof FORM_NAMES];
    if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
}

/** The server names a dedication's fields by their wire path (`dedication.name`): renamed to the form's. */
export function withFormNames(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fieldErrors) return error;
  const renamed = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([path, messages]) => {
      const part = /^dedication\.(\w+)$/.exec(path)?.[1];
      const field = part ? FORM_NAMES[part as keyof typeof FORM_NAMES] : undefined;
      return [field ?? path, messages];
    }),
  );
  return new ApiError(error.status, error.message, error.code, renamed, error.kind);
}

const KINDS = [
  { value: 'honour', label: 'In honour of', description: 'Someone living you want to celebrate or thank.' },
  { value: 'memory', label: 'In memory of', description: 'Someone who has died.' },
] as const;

/**
 * "Give this gift in someone's honour or memory": a box that reveals, right after itself, whether it
 * honours or remembers, the person's name, an optional message and an optional address to tell. The
 * address receives one card saying who gave in their name, never the amount.
 */
export function DedicationFields({ readOnly }: { readOnly: boolean }) {
  const dedicated = useWatch({ name: 'dedicated' }) === true;
  return (
    <div className="space-y-3">
      <Checkbox
        name="dedicated"
        isRequired={false}
        label="Give this gift in someone's honour or memory"
        hint="We can send them a card by email saying you gave in their name. It never says the amount."
      />
      {dedicated ? (
        <div
          role="group"
          aria-label="The person this gift is for"
          className="space-y-5 border-l-4 border-gray-400 pl-4 dark:border-gray-500"
        >
          <RadioGroup name="dedicationKind" legend="This gift is given" options={KINDS} />
          <TextField
            name="dedicationName"
            label="Their name"
            hint={`As it should appear on the card, up to ${DEDICATION_NAME_MAX} characters.`}
            autoComplete="off"
            maxLength={DEDICATION_NAME_MAX}
            readOnly={readOnly}
          />
          <div className="space-y-1">
            <TextField
              name="dedicationMessage"
              label="Your message for the card (optional)"
              hint={`Up to ${DEDICATION_MESSAGE_MAX} characters. It goes only on the card, never on a public page.`}
              rows={4}
              isRequired={false}
              readOnly={readOnly}
            />
            <CharacterCount name="dedicationMessage" max={DEDICATION_MESSAGE_MAX} />
          </div>
          <TextField
            name="dedicationNotifyEmail"
            label="Their email address (optional)"
            hint="To tell them about your gift: once you have paid we send this address the card, and nothing else."
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            isRequired={false}
            readOnly={readOnly}
          />
        </div>
      ) : null}
    </div>
  );
}
