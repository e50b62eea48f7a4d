import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { fieldClass, fieldErrorClass, hintClass, labelClass } from './field-parts';

export type FilterChoice = {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  /** Called at once on a change: a choice applies without a submit, and focus stays on the list. */
  onChange: (value: string) => void;
};

export type FilterSearch = {
  label: string;
  /** What the list is searched by now; the box shows it again when it changes elsewhere (a link, Back). */
  value: string;
  hint?: string;
  placeholder?: string;
  maxLength?: number;
  /** Applies the typed text (trimmed); a sentence returned refuses it, shown under the box, which takes focus. */
  onSearch: (text: string) => string | void;
};

/**
 * The filter form above a list: labelled choice lists that apply when changed, one search box with
 * its submit button, and, while any filter is on, a button that clears them all. The page keeps the
 * filters (in the address), so this only shows them and says what was asked for.
 */
export function FilterBar({
  label,
  choices = [],
  search,
  submitLabel = 'Search',
  onClear,
  children,
}: {
  /** The search landmark's name, e.g. 'Filter campaigns'. */
  label: string;
  choices?: readonly FilterChoice[];
  search: FilterSearch;
  submitLabel?: string;
  /** Given while a filter is on: shows 'Clear filters'. */
  onClear?: () => void;
  /** Anything said about the filters beneath the form (e.g. a filter set by a link). */
  children?: ReactNode;
}) {
  const ids = useId();
  const box = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(search.value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(search.value);
    setError(null);
  }, [search.value]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refused = search.onSearch(draft.trim());
    setError(refused || null);
    if (refused) box.current?.focus();
  };
  const clear = () => {
    setDraft('');
    setError(null);
    onClear?.();
    // The button goes away with the filters; the search box keeps the keyboard user in the form.
    box.current?.focus();
  };
  const describedBy = [search.hint ? `${ids}-hint` : '', error ? `${ids}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="mb-6 space-y-3">
      <form role="search" aria-label={label} onSubmit={onSubmit} className="flex flex-wrap items-end gap-4">
        {choices.map((choice, index) => (
          <div key={choice.label} className="min-w-48 flex-1">
            <label htmlFor={`${ids}-choice-${index}`} className={labelClass}>
              {choice.label}
            </label>
            <select
              id={`${ids}-choice-${index}`}
              value={choice.value}
              onChange={(e) => choice.onChange(e.target.value)}
              className={`mt-1 ${fieldClass(false)}`}
            >
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="min-w-64 flex-[2]">
          <label htmlFor={`${ids}-search`} className={labelClass}>
            {search.label}
          </label>
          {search.hint ? (
            <p id={`${ids}-hint`} className={hintClass}>
              {search.hint}
            </p>
          ) : null}
          <div className="mt-1 flex flex-wrap gap-2 sm:flex-nowrap">
            <input
              ref={box}
              id={`${ids}-search`}
              type="search"
              value={draft}
              maxLength={search.maxLength ?? 100}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={search.placeholder}
              aria-describedby={describedBy || undefined}
              aria-invalid={error ? true : undefined}
              className={fieldClass(Boolean(error))}
            />
            <Button type="submit">
              <Search aria-hidden="true" className="size-5" />
              {submitLabel}
            </Button>
            {onClear ? (
              <Button variant="secondary" onClick={clear}>
                <X aria-hidden="true" className="size-5" />
                Clear filters
              </Button>
            ) : null}
          </div>
          {error ? (
            <p id={`${ids}-error`} role="alert" className={fieldErrorClass}>
              {error}
            </p>
          ) : null}
        </div>
      </form>
      {children}
    </div>
  );
}
