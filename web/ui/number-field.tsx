import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button as AriaButton, Group, Input, NumberField as AriaNumberField } from 'react-aria-components';
import { ErrorText, LabelAndHint, useField } from './fields';
import { fieldClass } from './field-parts';

// Its own module: React Aria's number parsing loads only on the pages that ask for a number.
/** A whole number with minus and plus buttons; the value stays in [min, max]. */
export function NumberField({
  name,
  label,
  hint,
  min,
  max,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  min?: number;
  max?: number;
}) {
  const { id, field, error, busy, state } = useField(name);
  const step =
    'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center border-2 border-gray-700 bg-white text-gray-900 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100';
  const value =
    typeof field.value === 'number'
      ? field.value
      : Number.isFinite(Number(field.value)) && field.value !== ''
        ? Number(field.value)
        : NaN;
  return (
    <AriaNumberField
      {...state}
      value={value}
      onChange={(next) => field.onChange(Number.isNaN(next) ? undefined : next)}
      minValue={min}
      maxValue={max}
      step={1}
      formatOptions={{ useGrouping: false, maximumFractionDigits: 0 }}
      isReadOnly={busy}
      className="block"
    >
      <LabelAndHint label={label} hint={hint} />
      <Group className="mt-1 flex w-fit">
        <AriaButton slot="decrement" className={`${step} rounded-l-lg border-r-0`}>
          <Minus aria-hidden="true" className="size-5" />
        </AriaButton>
        <Input id={id} ref={field.ref} className={`${fieldClass(Boolean(error), 'rounded-none')} w-28 text-center`} />
        <AriaButton slot="increment" className={`${step} rounded-r-lg border-l-0`}>
          <Plus aria-hidden="true" className="size-5" />
        </AriaButton>
      </Group>
      <ErrorText>{error}</ErrorText>
    </AriaNumberField>
  );
}
