import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
  useState,
  type FormHTMLAttributes,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api';

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

export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

/**
 * A react-hook-form form validated by a zod schema, normally the contract's own (the one the route
 * validates with), so the browser and the server say the same thing about the same input.
 * Validation runs on submit, then again on each change, so errors clear as they are fixed.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
    defaultValues?: DefaultValues<z.input<S>>;
  } = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus instead; it names every problem and links to each field.
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

type FormContext = {
  /** The id of a field's focusable element, the same for the field and the summary's link to it. */
  idFor(name: string): string;
  busy: boolean;
};

const FormIds = createContext<FormContext | null>(null);

export function useFormIds(): FormContext {
  const context = useContext(FormIds);
  if (!context) throw new Error('A form field must sit inside <Form>.');
  return context;
}

export type SubmitHelpers = {
  /**
   * Puts the server's `fieldErrors` on the fields it names (those in this form) and shows the
   * summary; true when at least one was placed, so the caller need not show the message again.
   */
  showServerErrors(error: unknown): boolean;
  /** Shows these problems as field errors and in the summary, as a failed check would. */
  showErrors(errors: Record<string, string>): void;
};

type Problem = { name: string; message: string };

/**
 * The names among `names` whose field has a message now, in the order the fields appear. It reads the
 * form itself, not the `formState` snapshot: during a submit react-hook-form has set its errors
 * before it publishes them, and the summary must be whole when it takes focus.
 */
function problemsNow<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  names: Iterable<string>,
  order: string[],
): Problem[] {
  const found: Problem[] = [];
  for (const name of new Set(names)) {
    const message = name === 'root' ? undefined : form.getFieldState(name as Path<V>).error?.message;
    if (typeof message === 'string' && message) found.push({ name, message });
  }
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at === -1 ? order.length : at;
  };
  return found.sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * One accessible form: no browser bubbles (`noValidate`), and on a failed submit an error summary
 * at the top takes focus, names every problem once and links to each field, while each field shows
 * its own message. Fields inside read the form through context, so a field is one line.
 *
 * Focus must never fall to the page when a submit is refused (by the schema or by the server): the
 * summary is one element that stays mounted, so no later render can replace the element that holds
 * focus, and it is filled before focus moves to it. Controls stay focusable while a submit runs
 * (`aria-disabled`, read-only), see `Button` and the field family.
 */
export function Form<V extends FieldValues, O>({
  form,
  onSubmit,
  summaryTitle = 'There is a problem',
  children,
  className = 'space-y-5',
  ...rest
}: {
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (values: O, helpers: SubmitHelpers) => unknown;
  /** The summary's heading; the product's own sentence where it has one. */
  summaryTitle?: string;
  children: ReactNode;
  className?: string;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children' | 'className' | 'noValidate'>) {
  const uid = useId();
  const headingId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const order = useRef<string[]>([]);
  const [shown, setShown] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);

  const idFor = useCallback(
    (name: string) => {
      if (!order.current.includes(name)) order.current.push(name);
      return `${uid}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    },
    [uid],
  );

  const reveal = useCallback(
    (names: Iterable<string>) => {
      const problems = problemsNow(form, names, order.current);
      // Rendered before focus moves, so the summary is read out whole.
      flushSync(() => setShown(problems.map((p) => p.name)));
      summaryRef.current?.focus();
    },
    [form],
  );

  const helpers: SubmitHelpers = useMemo(
    () => ({
      showServerErrors(error) {
        if (!(error instanceof ApiError) || !error.fieldErrors) return false;
        const known = Object.entries(error.fieldErrors).filter(
          ([name, messages]) => order.current.includes(name) && messages[0],
        );
        for (const [name, messages] of known) form.setError(name as Path<V>, { type: 'server', message: messages[0] });
        if (!known.length) return false;
        reveal([...order.current, ...Object.keys(form.formState.errors)]);
        return true;
      },
      showErrors(errors) {
        for (const [name, message] of Object.entries(errors))
          form.setError(name as Path<V>, { type: 'manual', message });
        reveal([...order.current, ...Object.keys(form.formState.errors), ...Object.keys(errors)]);
      },
    }),
    [form, reveal],
  );

  const handle = form.handleSubmit(
    async (values) => {
      setShown(null);
      setBusy(true);
      try {
        await onSubmit(values, helpers);
      } finally {
        setBusy(false);
      }
    },
    (errors) => reveal(Object.keys(errors)),
  );

  // Only problems still standing: fixing a field takes it off the list without a new announcement.
  // Reading `formState.errors` keeps this form re-rendering as they change.
  const standing = form.formState.errors && shown ? problemsNow(form, shown, order.current) : [];
  const context = useMemo(() => ({ idFor, busy }), [idFor, busy]);

  return (
    <FormProvider {...form}>
      <FormIds.Provider value={context}>
        <form
          {...rest}
          noValidate
          onSubmit={(event) => {
            // Buttons stay focusable while a submit runs, and Enter in a field submits too: one at a time.
            if (submitting.current) {
              event.preventDefault();
              return;
            }
            submitting.current = true;
            void handle(event).finally(() => {
              submitting.current = false;
            });
          }}
          className={className}
        >
          <div
            ref={summaryRef}
            tabIndex={-1}
            className={
              standing.length
                ? 'rounded-lg border-4 border-red-700 bg-white px-4 py-3 text-gray-900 focus:outline-4 focus:outline-offset-2 focus:outline-blue-700 dark:border-red-400 dark:bg-gray-950 dark:text-gray-100 dark:focus:outline-orange-300'
                : 'outline-none'
            }
          >
            {standing.length ? (
              <ErrorSummary title={summaryTitle} headingId={headingId} problems={standing} idFor={idFor} />
            ) : null}
          </div>
          {children}
        </form>
      </FormIds.Provider>
    </FormProvider>
  );
}

function ErrorSummary({
  title,
  headingId,
  problems,
  idFor,
}: {
  title: string;
  headingId: string;
  problems: Problem[];
  idFor: (name: string) => string;
}) {
  return (
    <div role="alert" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-start gap-2 text-xl font-bold">
        <AlertCircle aria-hidden="true" className="mt-1 size-6 shrink-0 text-red-800 dark:text-red-300" />
        {title}
      </h2>
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => (
          <li key={problem.name}>
            <a
              href={`#${idFor(problem.name)}`}
              onClick={(event) => {
                // The field, not the top of the page, gets focus; scrolling follows focus.
                event.preventDefault();
                const target = document.getElementById(idFor(problem.name));
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
    </div>
  );
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
