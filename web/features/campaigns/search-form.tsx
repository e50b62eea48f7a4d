import { Search } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH, normalizeSearchQuery } from '@contract/search';
import { useLinkKit } from '@/lib/link-kit';
import { Button } from '@/ui/button';

/**
 * The search page's form: a GET form to `/search?q=...` that works before any script, and an
 * island of the light search page (decision 0058). A blank query does nothing.
 */
export function SearchForm({ q }: { q: string }) {
  const navigate = useLinkKit().useNavigate();
  const [text, setText] = useState(q);
  // The box follows the query the page shows: a new search, back and forward.
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    setText(q);
  }
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const next = normalizeSearchQuery(text);
    if (!next) {
      inputRef.current?.focus();
      return;
    }
    navigate(`/search?${new URLSearchParams({ q: next })}`);
  };

  return (
    <form role="search" onSubmit={onSubmit} className="flex max-w-2xl flex-col gap-2 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor="campaign-search" className="font-semibold">
          Search by device, name or reason
        </label>
        <input
          ref={inputRef}
          id="campaign-search"
          type="search"
          name="q"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={(e) => setText(e.target.value)}
          placeholder="For example: braille display, Lagos, laptop"
          className="h-12 rounded-lg border-2 border-gray-700 bg-white px-3 text-lg placeholder:text-gray-600 dark:border-gray-300 dark:bg-gray-900 dark:placeholder:text-gray-400"
        />
      </div>
      <Button type="submit" className="h-12">
        <Search aria-hidden="true" className="size-5" /> Search
      </Button>
    </form>
  );
}
