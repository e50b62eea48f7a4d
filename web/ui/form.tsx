import { zodResolver } from '@hookform/resolvers/zod';
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
import { ErrorSummaryBox } from './field-parts';

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
          <ErrorSummaryBox
            boxRef={summaryRef}
            title={summaryTitle}
            problems={standing.map((problem) => ({ id: idFor(problem.name), message: problem.message }))}
          />
          {children}
        </form>
      </FormIds.Provider>
    </FormProvider>
  );
}

// Beside the form family for its forms; it lives with the other feedback, where a light form finds it too.
export { StatusBox } from './feedback';
