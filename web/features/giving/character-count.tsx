import { useWatch } from 'react-hook-form';

/** How close to the limit the count starts being announced. */
const NEAR_LIMIT = 20;

/**
 * A text field's count of characters, always visible; a screen reader hears it only near the limit,
 * in a polite status, so typing is not interrupted by every keystroke (the visible count is hidden
 * from it; the field's hint gives the limit).
 */
export function CharacterCount({ name, max }: { name: string; max: number }) {
  const text = useWatch({ name }) as unknown;
  const used = typeof text === 'string' ? text.trim().length : 0;
  const left = max - used;
  const said = left < 0 ? `${-left} characters too many.` : `${left} ${left === 1 ? 'character' : 'characters'} left.`;
  return (
    <>
      <p
        aria-hidden="true"
        className={`text-base ${left < 0 ? 'font-semibold text-red-800 dark:text-red-300' : 'text-gray-700 dark:text-gray-300'}`}
      >
        {used} of {max} characters
      </p>
      <p role="status" className="sr-only">
        {left <= NEAR_LIMIT ? said : ''}
      </p>
    </>
  );
}
