import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FilterBar } from './filter-bar';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('FilterBar', () => {
  const search = { label: 'Search', value: 'cane', placeholder: 'Name or email', onSearch: () => undefined };

  it('is a named search form of labelled lists and a search box', () => {
    const html = renderToStaticMarkup(
      <FilterBar
        label="Filter users"
        choices={[
          {
            label: 'Role',
            value: 'donor',
            options: [
              { value: 'all', label: 'All users' },
              { value: 'donor', label: 'Donors' },
            ],
            onChange: () => undefined,
          },
        ]}
        search={search}
      />,
    );
    expect(html).toContain('<form role="search" aria-label="Filter users"');
    const [, selectId] = /<label for="([^"]+)"[^>]*>Role<\/label>/.exec(html) ?? [];
    expect(html).toContain(`<select id="${selectId}"`);
    expect(html).toContain('<option value="donor" selected="">Donors</option>');
    const [, boxId] = /<label for="([^"]+)"[^>]*>Search<\/label>/.exec(html) ?? [];
    expect(html).toMatch(new RegExp(`<input id="${boxId}" type="search" [^>]*value="cane"`));
    expect(text(html)).toContain('Search');
    expect(text(html)).not.toContain('Clear filters');
  });

  it('offers Clear filters only while a filter is on, and names the submit as asked', () => {
    const html = renderToStaticMarkup(
      <FilterBar
        label="Filter the audit log"
        search={{ ...search, label: 'Campaign', hint: 'Such as 12.' }}
        submitLabel="Show"
        onClear={() => undefined}
      />,
    );
    expect(text(html)).toMatch(/Show Clear filters/);
    const [, hintId] = /<p id="([^"]+)"[^>]*>Such as 12\.<\/p>/.exec(html) ?? [];
    expect(html).toContain(`aria-describedby="${hintId}"`);
  });
});
