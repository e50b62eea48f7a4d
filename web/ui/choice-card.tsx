import type { ReactNode, Ref } from 'react';
import { Radio } from 'react-aria-components';

/**
 * One choice of a radio group, drawn as a card with its own dot: the form fields' choices and the
 * test payment's ways of paying look and behave alike. `compact` is for a dialog's short list.
 */
export function ChoiceCard({
  value,
  label,
  description,
  icon,
  id,
  inputRef,
  compact = false,
}: {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  compact?: boolean;
}) {
  return (
    <Radio
      value={value}
      id={id}
      inputRef={inputRef}
      className={`group flex min-h-11 cursor-pointer items-center gap-3 border-2 border-gray-500 bg-white text-gray-900 hover:bg-gray-50 data-[focus-visible]:outline-4 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-blue-700 data-[selected]:border-brand-dark data-[selected]:bg-orange-50 dark:border-gray-400 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 dark:data-[focus-visible]:outline-orange-300 dark:data-[selected]:border-orange-300 dark:data-[selected]:bg-gray-800 ${compact ? 'rounded-lg px-3 py-2' : 'rounded-xl p-4'}`}
    >
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full border-2 border-gray-800 group-data-[selected]:border-brand-dark dark:border-gray-200 dark:group-data-[selected]:border-orange-300"
      >
        <span className="size-3 rounded-full group-data-[selected]:bg-brand-dark dark:group-data-[selected]:bg-orange-300" />
      </span>
      {icon}
      <span className="min-w-0">
        <span className={`block font-bold ${compact ? '' : 'text-lg'}`}>{label}</span>
        {description ? (
          <span className={`block text-gray-700 dark:text-gray-300 ${compact ? 'text-sm' : 'text-base'}`}>
            {description}
          </span>
        ) : null}
      </span>
    </Radio>
  );
}
