import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { ErrorSummaryBox } from './field-parts';

/** A problem the form's rules find in what is typed now, named by its field. */
export type FieldProblem<N extends string> = { name: N; message: string };

export type LightFormState<N extends string> = {
  /** The id of a field's control, the same for the field and the summary's link to it. */
  idFor: (name: N) => string;
  /** A field's message: none until a send is refused, then the one standing now. */
  errorOf: (name: N) => string | undefined;
  /** While a send runs; fields stay focusable, read-only. */
  busy: boolean;
};

/**
 * A form of a light page (decision 0058) with the form family's behaviour (form.tsx) and no form
 * library: the page keeps the values and passes `problems`, what the rules find in them now, in the
 * fields' order. A send with problems is refused and the error summary takes focus, naming each
 * and linking to its field; from then on each field shows its own message as it stands, and a
 * problem fixed leaves the summary without a new announcement, until a send passes the check. One
 * send at a time; `onSubmit` resolves true when it has taken the visitor elsewhere, and the form
 * then stays busy, so nothing is sent twice while the next page loads.
 */
export function LightForm<N extends string>({
  problems,
  onSubmit,
  summaryTitle = 'There is a problem',
  className = 'space-y-5',
  children,
}: {
  problems: ReadonlyArray<FieldProblem<N>>;
  onSubmit: () => Promise<boolean | void>;
  summaryTitle?: string;
  className?: string;
  children: (form: LightFormState<N>) => ReactNode;
}) {
  const uid = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const sending = useRef(false);
  const [tried, setTried] = useState(false);
  const [shown, setShown] = useState<N[] | null>(null);
  const [busy, setBusy] = useState(false);
  const idFor = useCallback((name: N) => `${uid}-${name}`, [uid]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Buttons stay focusable while a send runs, and Enter in a field sends too.
    if (sending.current) return;
    if (problems.length) {
      // Rendered before focus moves, so the summary is read out whole.
      flushSync(() => {
        setTried(true);
        setShown(problems.map((problem) => problem.name));
      });
      summaryRef.current?.focus();
      return;
    }
    sending.current = true;
    setTried(false);
    setShown(null);
    setBusy(true);
    let leaving = false;
    try {
      leaving = (await onSubmit()) === true;
    } finally {
      if (!leaving) {
        sending.current = false;
        setBusy(false);
      }
    }
  }

  const standing = shown ? problems.filter((problem) => shown.includes(problem.name)) : [];
  const errorOf = (name: N) => (tried ? problems.find((problem) => problem.name === name)?.message : undefined);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={className}>
      <ErrorSummaryBox
        boxRef={summaryRef}
        title={summaryTitle}
        problems={standing.map((problem) => ({ id: idFor(problem.name), message: problem.message }))}
      />
      {children({ idFor, errorOf, busy })}
    </form>
  );
}

/**
 * The place of a form the server does not draw (`useFormShown`, web/lib/hydrated.ts): as tall as the
 * form, so nothing moves when it arrives, and saying in words that it is loading.
 */
export function FormPlaceholder({ className }: { className: string }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">Loading the form...</span>
    </div>
  );
}
