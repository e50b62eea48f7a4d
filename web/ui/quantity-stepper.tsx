import { Minus, Plus } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

const stepButton =
  'flex size-11 items-center justify-center rounded-md border-2 border-gray-700 bg-white text-gray-900 hover:bg-gray-100 disabled:opacity-40 dark:border-gray-300 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800 cursor-pointer disabled:cursor-default';

/**
 * Whole-number stepper: typed values are clamped to [min, max] when the field is left or Enter is
 * pressed; the buttons disable at the limits. A text input with a numeric keyboard and two buttons,
 * with what React Aria's number field gave a screen reader and keyboard user: the "Number field"
 * role description, Up/Down (and Page Up/Down) by one, Home/End to the limits, the buttons named
 * after the label and left out of the tab order, and a new value spoken as it changes (an assertive
 * live region) while focus is in the stepper or when a typed value is corrected. It is plain markup,
 * so the public campaign page draws it without React Aria's code (decision 0050).
 */
export function QuantityStepper({
  label,
  value,
  min,
  max,
  onChange,
  description,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  description?: string;
}) {
  const id = useId();
  const ids = {
    input: `${id}-input`,
    label: `${id}-label`,
    hint: `${id}-hint`,
    less: `${id}-less`,
    more: `${id}-more`,
  };
  // What is typed, until it is committed; null shows the value itself.
  const [typed, setTyped] = useState<string | null>(null);
  const [spoken, setSpoken] = useState('');
  const input = useRef<HTMLInputElement>(null);

  const clamp = (n: number) => Math.min(max, Math.max(min, Math.round(n)));
  const set = (next: number) => {
    const clamped = clamp(next);
    setTyped(null);
    if (clamped !== value) onChange(clamped);
    return clamped;
  };
  // The same words twice in a row would not be heard again, so a repeat gets an invisible difference.
  const say = (words: string) => setSpoken((before) => (before === words ? `${words}\u00a0` : words));
  const step = (next: number) => {
    const before = value;
    const after = set(next);
    if (after !== before) say(String(after));
  };

  function commit() {
    if (typed === null) return;
    const text = typed.trim();
    const next = set(text === '' || !Number.isFinite(Number(text)) ? min : Number(text));
    // A corrected entry is said aloud, as the field now shows something other than what was typed.
    if (String(next) !== text) say(String(next));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, () => number> = {
      ArrowUp: () => value + 1,
      PageUp: () => value + 1,
      ArrowDown: () => value - 1,
      PageDown: () => value - 1,
      Home: () => min,
      End: () => max,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      step(move());
    } else if (event.key === 'Enter') {
      commit();
    }
  }

  // A press keeps focus where it was (in the field for a pointer, on the button for a keyboard).
  const button = (which: 'less' | 'more') => {
    const disabled = which === 'less' ? value <= min : value >= max;
    return (
      <button
        type="button"
        id={ids[which]}
        tabIndex={-1}
        disabled={disabled}
        aria-label={which === 'less' ? 'Decrease' : 'Increase'}
        aria-labelledby={`${ids[which]} ${ids.label}`}
        aria-controls={ids.input}
        onMouseDown={(event) => {
          event.preventDefault();
          if (document.activeElement !== event.currentTarget) input.current?.focus();
        }}
        onClick={() => step(which === 'less' ? value - 1 : value + 1)}
        className={stepButton}
      >
        {which === 'less' ? (
          <Minus aria-hidden="true" className="size-5" />
        ) : (
          <Plus aria-hidden="true" className="size-5" />
        )}
      </button>
    );
  };

  return (
    <div className="flex flex-col gap-1">
      <label id={ids.label} htmlFor={ids.input} className="font-semibold">
        {label}
      </label>
      <div role="group" className="flex items-center gap-2">
        {button('less')}
        <input
          ref={input}
          id={ids.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          aria-roledescription="Number field"
          aria-describedby={description ? ids.hint : undefined}
          value={typed ?? String(value)}
          onChange={(event) => {
            // Digits only, as the number field let through; anything else is not typed.
            if (/^\d*$/.test(event.target.value)) setTyped(event.target.value);
          }}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className="h-11 w-20 rounded-md border-2 border-gray-700 bg-white px-2 text-center text-lg dark:border-gray-300 dark:bg-gray-900"
        />
        {button('more')}
      </div>
      {description ? (
        <span id={ids.hint} className="text-sm text-gray-700 dark:text-gray-300">
          {description}
        </span>
      ) : null}
      <span aria-live="assertive" aria-atomic="true" className="sr-only">
        {spoken}
      </span>
    </div>
  );
}
