import { Minus, Plus } from 'lucide-react';
import { Button, Group, Input, Label, NumberField, Text } from 'react-aria-components';

/** Whole-number stepper: typed values are clamped to [min, max]; the buttons disable at the limits. */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  onChange,
  description,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  description?: string;
}) {
  const stepButton =
    'flex size-11 items-center justify-center rounded-md border-2 border-gray-700 bg-white text-gray-900 hover:bg-gray-100 disabled:opacity-40 data-[disabled]:opacity-40 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 cursor-pointer';
  return (
    <NumberField
      value={value}
      minValue={min}
      maxValue={max}
      step={1}
      formatOptions={{ maximumFractionDigits: 0 }}
      onChange={(v) => onChange(Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : min)}
      className="flex flex-col gap-1"
    >
      <Label className="font-semibold">{label}</Label>
      <Group className="flex items-center gap-2">
        <Button slot="decrement" className={stepButton}>
          <Minus aria-hidden="true" className="size-5" />
        </Button>
        <Input className="h-11 w-20 rounded-md border-2 border-gray-700 bg-white px-2 text-center text-lg dark:border-gray-300 dark:bg-gray-900" />
        <Button slot="increment" className={stepButton}>
          <Plus aria-hidden="true" className="size-5" />
        </Button>
      </Group>
      {description ? (
        <Text slot="description" className="text-sm text-gray-700 dark:text-gray-300">
          {description}
        </Text>
      ) : null}
    </NumberField>
  );
}
