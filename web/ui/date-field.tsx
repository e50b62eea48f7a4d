import { useField } from './fields';
import { describedBy, FieldError, fieldClass, LabelAndHintFor } from './field-parts';

/**
 * A calendar day in a form, as the browser's own date control offers it (typed or picked, by keyboard
 * too): labelled, its hint and any error read with it. `max` bounds the day (a delivery cannot be in
 * the future); `required` marks it for assistive technology.
 */
export function DateField(props: { name: string; label: string; hint: string; max?: string; required?: boolean }) {
  return <BrowserField type="date" {...props} />;
}

/** A time of day in a form, as the browser's own time control offers it (typed, by keyboard too), labelled like DateField. */
export function TimeField(props: { name: string; label: string; hint: string }) {
  return <BrowserField type="time" required {...props} />;
}

function BrowserField({
  type,
  name,
  label,
  hint,
  max,
  required,
}: {
  type: 'date' | 'time';
  name: string;
  label: string;
  hint: string;
  max?: string;
  required?: boolean;
}) {
  const { id, field, error, busy } = useField(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <LabelAndHintFor htmlFor={id} label={label} hint={hint} hintId={hintId} />
      <input
        id={id}
        ref={field.ref}
        name={field.name}
        type={type}
        required={required}
        max={max}
        value={typeof field.value === 'string' ? field.value : ''}
        readOnly={busy}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
        className={`mt-1 w-fit ${fieldClass(Boolean(error))} dark:scheme-dark`}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
