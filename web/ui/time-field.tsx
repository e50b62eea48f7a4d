import { useField } from './fields';
import { describedBy, FieldError, fieldClass, hintClass, labelClass } from './form';

/** A time of day in a form, as the browser's own time control offers it (typed, by keyboard too), labelled like DateField. */
export function TimeField({ name, label, hint }: { name: string; label: string; hint: string }) {
  const { id, field, error, busy } = useField(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <p id={hintId} className={hintClass}>
        {hint}
      </p>
      <input
        id={id}
        ref={field.ref}
        name={field.name}
        type="time"
        required
        value={typeof field.value === 'string' ? field.value : ''}
        readOnly={busy}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && errorId)}
        className={`mt-1 w-fit ${fieldClass(Boolean(error))} dark:scheme-dark`}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
