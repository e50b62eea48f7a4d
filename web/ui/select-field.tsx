import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
} from 'react-aria-components';
import { ErrorText, LabelAndHint, useField } from './fields';
import { fieldClass } from './field-parts';

// Its own module: the list and popover code loads only on the pages with a choice list.
export type Option = { value: string; label: string };

/** A choice from a list (Nigerian states, ID types...): a button that opens a list with type-ahead. */
export function Select({
  name,
  label,
  hint,
  options,
  placeholder = 'Choose one',
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  options: readonly Option[];
  placeholder?: string;
}) {
  const { id, field, error, busy, state } = useField(name);
  return (
    <AriaSelect
      {...state}
      selectedKey={field.value ? String(field.value) : null}
      // Never disabled while the form is sent: a disabled trigger would drop focus to the page.
      onSelectionChange={(key) => {
        if (!busy) field.onChange(key === null ? '' : String(key));
      }}
      placeholder={placeholder}
      className="block"
    >
      <LabelAndHint label={label} hint={hint} />
      <AriaButton
        id={id}
        ref={field.ref}
        aria-disabled={busy || undefined}
        className={`mt-1 flex cursor-pointer items-center justify-between gap-2 text-left ${fieldClass(Boolean(error))}`}
      >
        <SelectValue className="min-w-0 truncate data-[placeholder]:text-gray-700 dark:data-[placeholder]:text-gray-300" />
        <ChevronDown aria-hidden="true" className="size-5 shrink-0" />
      </AriaButton>
      <ErrorText>{error}</ErrorText>
      <Popover className="max-h-72 w-(--trigger-width) overflow-auto rounded-lg border-2 border-gray-700 bg-white text-gray-900 shadow-xl dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100">
        <ListBox className="p-1 outline-none">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={option.value}
              textValue={option.label}
              className="flex min-h-11 cursor-pointer items-center rounded-md px-3 text-lg outline-none data-[focused]:bg-gray-200 data-[selected]:font-bold dark:data-[focused]:bg-gray-700"
            >
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
