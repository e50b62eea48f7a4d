import { SUPPORT_MESSAGE_MAX } from '@contract/support-message-limits';
import { Checkbox, TextField } from '@/ui/fields';
import { CharacterCount } from './character-count';

/** The checkout's optional words of support and the choice to be shown as Anonymous. */
export function SupportWordsFields({ readOnly }: { readOnly: boolean }) {
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
      <CharacterCount name="message" max={SUPPORT_MESSAGE_MAX} />
      <Checkbox
        name="anonymous"
        isRequired={false}
        label="Show my name as Anonymous"
        hint="Your words of support are then shown under Anonymous instead of your first name and initial."
      />
    </div>
  );
}
