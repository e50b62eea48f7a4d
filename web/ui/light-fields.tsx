import { useState, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldError, LabelAndHintFor, ShowPasswordButton, describedBy, fieldClass } from './field-parts';

type Common = {
  /** The control's id, the one the error summary links to (`LightForm`'s `idFor`). */
  id: string;
  /** The control's name, as a form family's field has it: the browser fills it in by it. */
  name?: string;
  label: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field, linked to it, and marking it invalid. */
  error?: string;
  /** While the form is sent: still focusable, unlike a disabled field. */
  readOnly?: boolean;
};

/**
 * A field of a light page's form (decision 0058): a label, a hint and an error message around a
 * native input, linked as the form family's React Aria fields link them (fields.tsx), without
 * React Aria or a form library.
 */
function LightInput({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  readOnly,
  after,
  ...input
}: Common &
  Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'autoComplete' | 'inputMode' | 'spellCheck' | 'autoCapitalize'
  > & {
    /** A control beside the input, such as the password's Show button. */
    after?: ReactNode;
  }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = (
    <input
      {...input}
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      readOnly={readOnly}
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
      className={after ? fieldClass(Boolean(error)) : `mt-1 ${fieldClass(Boolean(error))}`}
    />
  );
  return (
    <div>
      <LabelAndHintFor htmlFor={id} label={label} hint={hint} hintId={hintId} />
      {after ? (
        <div className="mt-1 flex gap-2">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** An email address: the right keyboard, no spelling fixes or capitals, filled in by the browser. */
export function LightEmailField({ label = 'Email', ...props }: Omit<Common, 'label'> & { label?: string }) {
  return (
    <LightInput
      {...props}
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      autoCapitalize="none"
    />
  );
}

export function LightPasswordField({
  toggleLabel = 'Show password',
  autoComplete,
  ...props
}: Common & { toggleLabel?: string; autoComplete: 'current-password' | 'new-password' }) {
  const [shown, setShown] = useState(false);
  return (
    <LightInput
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize="none"
      after={
        <ShowPasswordButton
          controls={props.id}
          label={toggleLabel}
          shown={shown}
          onToggle={() => setShown((s) => !s)}
        />
      }
    />
  );
}

/** A text of its own words (a name, a subject) or, with `rows`, of several lines (a message). */
export function LightTextField({ rows, autoComplete, ...props }: Common & { rows?: number; autoComplete?: string }) {
  if (!rows) return <LightInput {...props} type="text" autoComplete={autoComplete} />;
  return <LightTextArea {...props} rows={rows} autoComplete={autoComplete} />;
}

function LightTextArea({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  readOnly,
  ...area
}: Common & Pick<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows' | 'autoComplete'>) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <LabelAndHintFor htmlFor={id} label={label} hint={hint} hintId={hintId} />
      <textarea
        {...area}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        readOnly={readOnly}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
        className={`mt-1 ${fieldClass(Boolean(error))}`}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
