import { Minus, Plus } from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button as AriaButton, Group, Input, TextField as AriaTextField } from 'react-aria-components';
import { announce } from '@/lib/announce';
import { ErrorText, LabelAndHint, useField } from './fields';
import { fieldClass } from './field-parts';

const WHOLE = /^-?\d+$/;
const numberIn = (text: string) => (WHOLE.test(text) ? Number(text) : undefined);

/**
 * A whole number typed, or stepped with the minus and plus buttons and the arrow keys (which keep it
 * within [min, max]); a typed number outside them is refused by the form's rule with a sentence.
 * React Aria's NumberField is not used: it reads the value out at every keystroke ("34", "343" while
 * an age is typed). Here only a step is said, politely, so a person pressing plus hears where it is.
 * As in React Aria's, the buttons are for pointers and browse mode; the keyboard steps with the arrows.
 */
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
  const value = typeof field.value === 'number' && Number.isFinite(field.value) ? field.value : undefined;
  // What is typed ('-' or '' included), kept while it is not yet a number; a value set from outside
  // (a reset, a step) is written back into it.
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (numberIn(text) !== value) setText(value === undefined ? '' : String(value));
  }

  const type = (typed: string) => {
    const cleaned = typed.replace(/[^\d-]/g, '').replace(/(?!^)-/g, '');
    setText(cleaned);
    setShown(numberIn(cleaned));
    field.onChange(numberIn(cleaned));
  };
  const step = (by: number) => {
    if (busy) return;
    const from = value ?? (by > 0 ? (min ?? 0) - by : (max ?? min ?? 0) - by);
    const next = Math.min(max ?? Infinity, Math.max(min ?? -Infinity, from + by));
    setText(String(next));
    setShown(next);
    field.onChange(next);
    announce(String(next));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    step(event.key === 'ArrowUp' ? 1 : -1);
  };
  const stepClass =
    'inline-flex min-h-12 min-w-12 cursor-pointer items-center justify-center border-2 border-gray-700 bg-white text-gray-900 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100';
  return (
    <AriaTextField {...state} value={text} onChange={type} isReadOnly={busy} className="block">
      <LabelAndHint label={label} hint={hint} />
      <Group className="mt-1 flex w-fit">
        <AriaButton
          aria-label={`Decrease ${label}`}
          excludeFromTabOrder
          onPress={() => step(-1)}
          className={`${stepClass} rounded-l-lg border-r-0`}
        >
          <Minus aria-hidden="true" className="size-5" />
        </AriaButton>
        <Input
          id={id}
          ref={field.ref}
          inputMode="numeric"
          autoComplete="off"
          onKeyDown={onKeyDown}
          className={`${fieldClass(Boolean(error), 'rounded-none')} w-28 text-center`}
        />
        <AriaButton
          aria-label={`Increase ${label}`}
          excludeFromTabOrder
          onPress={() => step(1)}
          className={`${stepClass} rounded-r-lg border-l-0`}
        >
          <Plus aria-hidden="true" className="size-5" />
        </AriaButton>
      </Group>
      <ErrorText>{error}</ErrorText>
    </AriaTextField>
  );
}
