import { useWatch } from 'react-hook-form';
import { SUPPORT_MESSAGE_MAX } from '@contract/support-message-limits';
import { Checkbox, TextField } from '@/ui/fields';

/** How close to the limit the count starts being announced. */
const NEAR_LIMIT = 20;

/**
 * The checkout's optional words of support and the choice to be shown as Anonymous. The count of
 * characters is always visible; a screen reader hears it only near the limit, so typing is not
 * interrupted by every keystroke (the visible count is hidden from it; the hint gives the limit).
 */
export function SupportWordsFields({ readOnly }: { readOnly: boolean }) {
  const text = useWatch({ name: 'message' }) as unknown;
  const used = typeof text === 'string' ? text.trim().length : 0;
  const left = SUPPORT_MESSAGE_MAX - used;
  const near = left <= NEAR_LIMIT;
  const said = left < 0 ? `${-left} characters too many.` : `${left} ${left === 1 ? 'character' : 'characters'} left.`;
  return (
    // Not a named group: its name would repeat the field's label, and the checkbox says what it is for.
    <div className="space-y-3">
      <TextField
        name="message"
        label="Words of support (optional)"
        hint={`Up to ${SUPPORT_MESSAGE_MAX} characters. Shown on the campaign page after our team reads it.`}
        rows={3}
        isRequired={false}
        readOnly={readOnly}
      />
      <p
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
    </div>
  );
}
