import { useCallback, useState, type ReactNode } from 'react';
import {
  FieldError as AriaFieldError,
  Input,
  Label,
  RadioGroup as AriaRadioGroup,
  Text,
  TextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import { useController, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { ChoiceCard } from './choice-card';
import { HumanCheck } from './human-check';
import { useFormIds } from './form';
import {
  FieldError,
  FieldErrorContent,
  LabelAndHintFor,
  ShowPasswordButton,
  describedBy,
  fieldClass,
  fieldErrorClass,
  hintClass,
  labelClass,
} from './field-parts';

/**
 * The field family every form uses. Each reads its value, error and focus target from the
 * enclosing <Form>, labels itself, links its hint and error with aria-describedby, and marks itself
 * invalid; the error summary links to the same id each field's control carries. The choice list
 * (select-field.tsx) and the number field (number-field.tsx) live in their own modules.
 */

/** The message under a React Aria field, which links it to the control itself. */
export function ErrorText({ children }: { children?: string }) {
  return (
    <AriaFieldError className={fieldErrorClass}>
      <FieldErrorContent>{children}</FieldErrorContent>
    </AriaFieldError>
  );
}

/** A React Aria field's label and hint; the field links both to its control. */
export function LabelAndHint({ label, hint }: { label: string; hint?: ReactNode }) {
  return (
    <>
      <Label className={labelClass}>{label}</Label>
      {hint ? (
        <Text slot="description" className={hintClass}>
          {hint}
        </Text>
      ) : null}
    </>
  );
}

export function useField(name: string) {
  const { idFor, busy } = useFormIds();
  const { field, fieldState } = useController({ name });
  const error = fieldState.error?.message;
  // What every React Aria field is told: invalid with our message, required, and announced the ARIA way.
  const state = {
    name: field.name,
    onBlur: field.onBlur,
    isInvalid: Boolean(error),
    isRequired: true,
    validationBehavior: 'aria' as const,
  };
  return { id: idFor(name), field, error, busy, state };
}

type TextFieldProps = {
  name: string;
  label: string;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'url' | 'search';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url' | 'search';
  spellCheck?: boolean;
  autoCapitalize?: string;
  maxLength?: number;
  /** An example of the expected input; never the only instruction (the label and hint carry that). */
  placeholder?: string;
  /** A fixed part shown before the input and read with it, such as the +234 country code. */
  prefix?: string;
  prefixLabel?: string;
  /** Several lines (a textarea) with this many rows. */
  rows?: number;
  /** Rewrites what is typed before it is kept, such as digits only for a code. */
  transform?: (value: string) => string;
  isRequired?: boolean;
  readOnly?: boolean;
  /** The id of a sentence elsewhere on the page read with the field, such as where a code was sent. */
  describedBy?: string;
};

export function TextField({
  name,
  label,
  hint,
  type = 'text',
  prefix,
  prefixLabel,
  rows,
  transform,
  isRequired = true,
  readOnly,
  describedBy: about,
  ...input
}: TextFieldProps) {
  const { id, field, error, busy, state } = useField(name);
  const prefixId = `${id}-prefix`;
  // React Aria adds the hint and the error to these.
  const described = about ? { 'aria-describedby': about } : {};
  return (
    <AriaTextField
      {...state}
      isRequired={isRequired}
      value={typeof field.value === 'string' ? field.value : String(field.value ?? '')}
      onChange={(value) => field.onChange(transform ? transform(value) : value)}
      isReadOnly={readOnly || busy}
      type={type}
      className="block"
    >
      <LabelAndHint label={label} hint={hint} />
      {rows ? (
        <TextArea
          id={id}
          ref={field.ref}
          rows={rows}
          {...input}
          {...described}
          className={`mt-1 ${fieldClass(Boolean(error))}`}
        />
      ) : prefix ? (
        <div className="mt-1 flex">
          <span
            id={prefixId}
            className="inline-flex min-h-12 shrink-0 items-center rounded-l-lg border-2 border-r-0 border-gray-700 bg-gray-100 px-3 text-lg font-semibold text-gray-900 dark:border-gray-300 dark:bg-gray-800 dark:text-gray-100"
          >
            {prefixLabel ? <span className="sr-only">{prefixLabel} </span> : null}
            {prefix}
          </span>
          <Input
            id={id}
            ref={field.ref}
            {...input}
            // React Aria links the hint and error; the prefix is added so it is read with the number.
            aria-describedby={about ? `${prefixId} ${about}` : prefixId}
            className={fieldClass(Boolean(error), 'rounded-r-lg')}
          />
        </div>
      ) : (
        <Input id={id} ref={field.ref} {...input} {...described} className={`mt-1 ${fieldClass(Boolean(error))}`} />
      )}
      <ErrorText>{error}</ErrorText>
    </AriaTextField>
  );
}

/** An email address: the right keyboard, no spelling fixes or capitals, filled in by the browser. */
export function EmailField({
  name = 'email',
  label = 'Email',
  hint,
  readOnly,
}: {
  name?: string;
  label?: string;
  hint?: ReactNode;
  readOnly?: boolean;
}) {
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      type="email"
      inputMode="email"
      autoComplete="email"
      spellCheck={false}
      autoCapitalize="none"
      readOnly={readOnly}
    />
  );
}

export function PasswordField({
  name,
  label,
  hint,
  toggleLabel = 'Show password',
  autoComplete,
  minLength,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  toggleLabel?: string;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
}) {
  const { id, field, error, busy, state } = useField(name);
  const [shown, setShown] = useState(false);
  return (
    <AriaTextField
      {...state}
      value={String(field.value ?? '')}
      onChange={field.onChange}
      isReadOnly={busy}
      type={shown ? 'text' : 'password'}
      className="block"
    >
      <LabelAndHint label={label} hint={hint} />
      <div className="mt-1 flex gap-2">
        <Input
          id={id}
          ref={field.ref}
          autoComplete={autoComplete}
          minLength={minLength}
          spellCheck={false}
          autoCapitalize="none"
          className={fieldClass(Boolean(error))}
        />
        <ShowPasswordButton controls={id} label={toggleLabel} shown={shown} onToggle={() => setShown((s) => !s)} />
      </div>
      <ErrorText>{error}</ErrorText>
    </AriaTextField>
  );
}

export type RadioOption = { value: string; label: string; description?: string; icon?: ReactNode };

/** One choice among a few, shown as large cards; arrow keys move between them. */
export function RadioGroup({
  name,
  legend,
  hint,
  options,
  grid = false,
}: {
  name: string;
  legend: string;
  hint?: ReactNode;
  options: readonly RadioOption[];
  /** Many short choices (icons): side by side in a grid instead of one under another. */
  grid?: boolean;
}) {
  const { id, field, error, busy, state } = useField(name);
  return (
    <AriaRadioGroup
      {...state}
      value={field.value ? String(field.value) : null}
      onChange={field.onChange}
      // Read-only, not disabled, while the form is sent: a disabled radio would drop focus to the page.
      isReadOnly={busy}
      className="block"
    >
      <LabelAndHint label={legend} hint={hint} />
      <div className={grid ? 'mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3' : 'mt-3 space-y-3'}>
        {options.map((option, index) => (
          <ChoiceCard
            key={option.value}
            value={option.value}
            label={option.label}
            description={option.description}
            icon={option.icon}
            // The summary's link lands on the first choice; arrow keys reach the rest.
            id={index === 0 ? id : undefined}
            inputRef={index === 0 ? field.ref : undefined}
          />
        ))}
      </div>
      <ErrorText>{error}</ErrorText>
    </AriaRadioGroup>
  );
}

/** A yes/no agreement such as the terms; a native checkbox, so it is announced and toggled as one. */
export function Checkbox({
  name,
  label,
  hint,
  isRequired = true,
}: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  isRequired?: boolean;
}) {
  const { id, field, error, busy } = useField(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-lg font-semibold text-gray-900 dark:text-gray-100">
        <input
          id={id}
          ref={field.ref}
          name={field.name}
          type="checkbox"
          checked={Boolean(field.value)}
          // Unchangeable but focusable while the form is sent (see Button): the box keeps its checked state.
          onChange={(e) => {
            if (!busy) field.onChange(e.target.checked);
          }}
          onBlur={field.onBlur}
          aria-disabled={busy || undefined}
          required={isRequired}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
          className="size-6 shrink-0 cursor-pointer accent-brand-dark dark:accent-orange-300"
        />
        {label}
      </label>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * A file to send, kept in the form as a File until submit (PNG, JPG, PDF...). `accept` only narrows
 * the picker; the server checks the bytes.
 */
export function FileField({
  name,
  label,
  hint,
  accept,
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  accept: string;
}) {
  const { id, field, error, busy } = useField(name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosenId = `${id}-chosen`;
  const file = field.value instanceof File ? field.value : null;
  return (
    <div>
      <LabelAndHintFor htmlFor={id} label={label} hint={hint} hintId={hintId} />
      <input
        id={id}
        ref={field.ref}
        name={field.name}
        type="file"
        accept={accept}
        // Focusable while the form is sent (see Button); the picker does not open meanwhile.
        aria-disabled={busy || undefined}
        onClick={(e) => {
          if (busy) e.preventDefault();
        }}
        onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, file && chosenId, error && errorId)}
        className={`mt-1 ${fieldClass(Boolean(error))} file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-md file:border-2 file:border-gray-800 file:bg-gray-100 file:px-3 file:font-semibold dark:file:border-gray-200 dark:file:bg-gray-800 dark:file:text-gray-100`}
      />
      {file ? (
        <p id={chosenId} className={hintClass}>
          Chosen: {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/**
 * The human check as a form field: its token is the value, so a missing token is a field error
 * like any other. `resetKey` draws a fresh widget (each token is good for one try).
 */
export function HumanCheckField({ name, siteKey, resetKey }: { name: string; siteKey: string; resetKey: number }) {
  const { id, field, error } = useField(name);
  const { setValue, clearErrors } = useFormContext();
  // Stable, as HumanCheck requires: a new function would draw a new widget.
  const onToken = useCallback(
    (token: string | null) => {
      setValue(name, token ?? '');
      if (token) clearErrors(name);
    },
    [name, setValue, clearErrors],
  );
  return <HumanCheck key={resetKey} id={id} siteKey={siteKey} onToken={onToken} error={error} groupRef={field.ref} />;
}

/** The human-check token in a form's schema: required with this message when the check is on. */
export const humanCheckToken = (required: boolean, message: string) =>
  required ? z.string({ error: message }).min(1, message) : z.string().optional();
