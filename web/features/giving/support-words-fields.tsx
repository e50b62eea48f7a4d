import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX } from '@contract/support-message-limits';
import { Checkbox, TextField } from '@/ui/fields';

/** How close to the limit the count starts being announced. */
const NEAR_LIMIT = 20;

/**
 * The checkout's optional words of support and the choice to be shown as Anonymous. The count of
 * characters is always visible; a screen reader hears it only near the limit, so typing is not
 * interrupted by every keystroke.
 */
export function SupportWordsFields({ readOnly }: { readOnly: boolean }) {
  const countId = useId();
  const text = useWatch({ name: 'message' }) as unknown;
  const used = typeof text === 'string' ? text.trim().length : 0;
  const left = SUPPORT_MESSAGE_MAX - used;
  const near = left <= NEAR_LIMIT;
  const said = left < 0 ? `${-left} characters too many.` : `${left} ${left === 1 ? 'character' : 'characters'} left.`;
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Words of support</legend>
      <TextField
        name="message"
        label="Words of support (optional)"
        hint={`Up to ${SUPPORT_MESSAGE_MAX} characters. Shown on the campaign page after our team reads it.`}
        rows={3}
        isRequired={false}
        readOnly={readOnly}
      />
      <p
        id={countId}
        aria-hidden="true"
        className={`text-base ${left < 0 ? 'font-semibold text-red-800 dark:text-red-300' : 'text-gray-700 dark:text-gray-300'}`}
      >
        {used} of {SUPPORT_MESSAGE_MAX} characters
      </p>
      {/* Polite, and filled only near the limit. */}
      <p role="status" className="sr-only">
        {near ? said : ''}
      </p>
      <Checkbox
        name="anonymous"
        isRequired={false}
        label="Show my name as Anonymous"
        hint="Your words of support are then shown under Anonymous instead of your first name and initial."
      />
    </fieldset>
  );
}
