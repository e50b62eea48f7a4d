import { AlertCircle, Eye, EyeOff } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';

/**
 * What every form's fields look like and how they name their problems, with no form library: the
 * form family (form.tsx, fields.tsx) and the light fields of a light page (light-fields.tsx) share it.
 */

/** A text field's classes; the red border is extra, the error text below it says what is wrong. */
export const fieldClass = (invalid: boolean, rounding = 'rounded-lg') =>
  `block w-full min-w-0 min-h-12 ${rounding} border-2 bg-white px-3 py-2 text-lg text-gray-900 placeholder:text-gray-600 dark:placeholder:text-gray-400 read-only:bg-gray-100 dark:bg-gray-900 dark:text-gray-100 dark:read-only:bg-gray-800 ${
    invalid ? 'border-red-700 dark:border-red-400' : 'border-gray-700 dark:border-gray-300'
  }`;

export const labelClass = 'block text-lg font-semibold text-gray-900 dark:text-gray-100';
export const hintClass = 'mt-1 text-base text-gray-700 dark:text-gray-300';

export const fieldErrorClass = 'mt-1 flex items-start gap-1.5 font-medium text-red-800 dark:text-red-300';

/** An icon, then the message; "Error:" is spoken first. */
export function FieldErrorContent({ children }: { children?: string }) {
  return (
    <>
      <AlertCircle aria-hidden="true" className="mt-1 size-5 shrink-0" />
      <span>
        <span className="sr-only">Error: </span>
        {children}
      </span>
    </>
  );
}

/** The message under a field, linked to it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className={fieldErrorClass}>
      <FieldErrorContent>{children}</FieldErrorContent>
    </p>
  );
}

/** A native control's label and hint; the control names the hint (`hintId`) in its aria-describedby. */
export function LabelAndHintFor({
  htmlFor,
  label,
  hint,
  hintId,
}: {
  htmlFor: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId: string;
}) {
  return (
    <>
      <label htmlFor={htmlFor} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/** One problem the error summary names: its message, and the id of the control it links to. */
export type SummaryProblem = { id: string; message: string };

const summaryBoxClass =
  'rounded-lg border-4 border-red-700 bg-white px-4 py-3 text-gray-900 focus:outline-4 focus:outline-offset-2 focus:outline-blue-700 dark:border-red-400 dark:bg-gray-950 dark:text-gray-100 dark:focus:outline-orange-300';

/**
 * The error summary at the top of a form: one element that stays mounted, so no later render can
 * replace the element that holds focus, filled before focus moves to it (the form does both). It
 * names every problem once and links to each field. It is heard when a refused submit moves focus
 * to it (a group named by its heading and described by its list), and is no live region: fixing a
 * field shortens the list quietly instead of reading the rest of it again at every keystroke.
 */
export function ErrorSummaryBox({
  boxRef,
  title,
  problems,
}: {
  boxRef: Ref<HTMLDivElement>;
  title: string;
  problems: readonly SummaryProblem[];
}) {
  const headingId = useId();
  const listId = useId();
  const shown = problems.length > 0;
  return (
    <div
      ref={boxRef}
      tabIndex={-1}
      role={shown ? 'group' : undefined}
      aria-labelledby={shown ? headingId : undefined}
      aria-describedby={shown ? listId : undefined}
      className={shown ? summaryBoxClass : 'outline-none'}
    >
      {shown ? (
        <>
          <h2 id={headingId} className="flex items-start gap-2 text-xl font-bold">
            <AlertCircle aria-hidden="true" className="mt-1 size-6 shrink-0 text-red-800 dark:text-red-300" />
            {title}
          </h2>
          <ul id={listId} className="mt-2 space-y-1">
            {problems.map((problem) => (
              <li key={problem.id}>
                <a
                  href={`#${problem.id}`}
                  onClick={(event) => {
                    // The field, not the top of the page, gets focus; scrolling follows focus.
                    event.preventDefault();
                    const target = document.getElementById(problem.id);
                    target?.focus();
                    target?.scrollIntoView({ block: 'center' });
                  }}
                  className="inline-flex min-h-11 items-center font-semibold break-words text-red-800 underline decoration-2 hover:decoration-4 dark:text-red-300"
                >
                  {problem.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The button beside a password that shows or hides it; the pressed state says which. */
export function ShowPasswordButton({
  controls,
  label,
  shown,
  onToggle,
}: {
  controls: string;
  label: string;
  shown: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={shown}
      aria-controls={controls}
      aria-label={label}
      onClick={onToggle}
      className="inline-flex min-h-12 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg border-2 border-gray-700 bg-white px-3 font-semibold text-gray-900 hover:bg-gray-100 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800"
    >
      {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
      {/* The visible word stays inside the accessible name; the pressed state says whether it is shown. */}
      <span>Show</span>
    </button>
  );
}
