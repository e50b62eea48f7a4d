import { FieldError } from '@/ui/form';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { announce } from '@/lib/page';


export const inputClass = (invalid: boolean, rounding = 'rounded-lg') =>
  `block w-full min-w-0 min-h-12 ${rounding} border-2 bg-white px-3 py-2 text-lg text-gray-900 dark:bg-gray-900 dark:text-gray-100 ${
    invalid ? 'border-red-700 dark:border-red-400' : 'border-gray-700 dark:border-gray-300'
  }`;

export const labelClass = 'block text-lg font-semibold text-gray-900 dark:text-gray-100';
export const hintClass = 'mt-1 text-base text-gray-700 dark:text-gray-300';

export type Errors<F extends string> = Partial<Record<F, string>>;


export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, error, hint, inputRef, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        ref={inputRef}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
        className={`mt-1 ${inputClass(Boolean(error))}`}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { toggleLabel?: string };

export function PasswordField({ id, label, error, hint, inputRef, toggleLabel = 'Show password', ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <div className="mt-1 flex gap-2">
        <input
          {...input}
          ref={inputRef}
          id={id}
          type={shown ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(Boolean(hint) && hintId, error && errorId)}
          className={inputClass(Boolean(error))}
        />
        <button
          type="button"
          aria-pressed={shown}
          aria-controls={id}
          aria-label={toggleLabel}
          onClick={() => setShown((s) => !s)}
          className="inline-flex min-h-12 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border-2 border-gray-700 bg-white px-3 font-semibold text-gray-900 hover:bg-gray-100 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          {/* The visible word stays inside the accessible name; the pressed state says whether it is shown. */}
          <span>Show</span>
        </button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The first message for each top-level field of a failed zod parse. */
export function zodErrors<F extends string>(error: z.ZodError): Errors<F> {
  const found: Errors<F> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in found)) found[key as F] = issue.message;
  }
  return found;
}

/**
 * Shows field errors and moves focus to the first invalid field in `order`. The errors are rendered
 * before focusing so the screen reader reads the message together with the field.
 */
export function showFieldErrors<F extends string>(
  found: Errors<F>,
  order: readonly F[],
  setErrors: (errors: Errors<F>) => void,
  focusable: Partial<Record<F, HTMLElement | null>>,
): boolean {
  const first = order.find((field) => found[field]);
  flushSync(() => setErrors(found));
  if (!first) return false;
  focusable[first]?.focus();
  return true;
}

/** Success and progress messages, in a region present from the start so its changes are read out. */
export function StatusBox({ children }: { children?: ReactNode }) {
  return (
    <div role="status">
      {children ? (
        <div className="rounded-lg border-2 border-green-700 bg-green-50 px-4 py-3 text-lg text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100">
          {children}
        </div>
      ) : null}
    </div>
  );
}

export function StepHeading({
  id,
  headingRef,
  children,
}: {
  id?: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 dark:text-gray-100">
      {children}
    </h2>
  );
}

/**
 * After the visitor moves between steps (not on first render), focus goes to the new step's heading
 * and the step is announced, so screen reader users know the page changed under them.
 */
export function useStepFocus(step: string, headingRef: RefObject<HTMLHeadingElement | null>) {
  const previous = useRef(step);
  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    const heading = headingRef.current;
    if (!heading) return;
    heading.focus();
    announce(heading.textContent ?? '');
  }, [step, headingRef]);
}
