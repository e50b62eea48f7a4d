import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagedList, type MoreItems, type NumberedPages } from './paged-list';

const ready = { isPending: false, isError: false, data: {}, refetch: () => undefined };
const pages = (over: Partial<NumberedPages> = {}): NumberedPages => ({
  kind: 'pages',
  page: 1,
  total: 45,
  pageSize: 20,
  noun: ['campaign', 'campaigns'],
  onPage: () => undefined,
  ...over,
});
const more = (over: Partial<MoreItems> = {}): MoreItems => ({
  kind: 'more',
  listRef: createRef<HTMLElement>(),
  count: 25,
  noun: 'entries',
  hasMore: true,
  loading: false,
  onMore: () => undefined,
  ...over,
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ');

describe('PagedList', () => {
  it('shows the list with its count line and pages', () => {
    const html = renderToStaticMarkup(
      <PagedList query={ready} failed="Could not fetch campaigns." empty="None." isEmpty={false} paging={pages()}>
        <table />
      </PagedList>,
    );
    expect(text(html)).toContain('45 campaigns. Page 1 of 3.');
    expect(html).toContain('<nav aria-label="Pages"');
    expect(text(html)).toMatch(/Previous page Page 1 of 3 Next page/);
    expect(html).toMatch(/aria-disabled="true"[^>]*>.*Previous page/);
    expect(html).toContain('<table>');
  });

  it('says one thing and the search it matched, and no pages when one is enough', () => {
    const html = renderToStaticMarkup(
      <PagedList
        query={ready}
        failed="x"
        empty="None."
        isEmpty={false}
        paging={pages({ total: 1, noun: ['user', 'users'], matching: 'kemi' })}
      >
        <table />
      </PagedList>,
    );
    expect(text(html)).toContain('1 user matching "kemi". Page 1 of 1.');
    expect(html).not.toContain('<nav');
  });

  it('shows loading, the failure with Try again, and the empty state', () => {
    const loading = renderToStaticMarkup(
      <PagedList
        query={{ ...ready, isPending: true, data: undefined }}
        failed="x"
        empty="None."
        isEmpty
        paging={pages()}
      >
        <table />
      </PagedList>,
    );
    expect(text(loading)).toContain('Loading...');
    expect(loading).not.toContain('<table>');
    expect(loading).not.toContain('campaigns.');

    const failed = renderToStaticMarkup(
      <PagedList
        query={{ ...ready, isError: true, data: undefined }}
        failed="Could not fetch campaigns."
        empty="None."
        isEmpty
        paging={pages()}
      >
        <table />
      </PagedList>,
    );
    expect(failed).toContain('role="alert"');
    expect(text(failed)).toContain('Could not fetch campaigns. Try again');

    const empty = renderToStaticMarkup(
      <PagedList
        query={ready}
        failed="x"
        empty="No campaigns match these filters."
        isEmpty
        paging={pages({ total: 0 })}
      >
        <table />
      </PagedList>,
    );
    expect(text(empty)).toContain('No campaigns match these filters.');
    expect(empty).not.toContain('<table>');
  });

  it('offers Load more while there are more items, and says so while loading', () => {
    const list = (paging: MoreItems) =>
      text(
        renderToStaticMarkup(
          <PagedList query={ready} failed="x" empty="None." isEmpty={false} paging={paging}>
            <ol />
          </PagedList>,
        ),
      );
    expect(list(more())).toContain('Load more');
    expect(list(more({ loading: true }))).toContain('Loading more...');
    expect(list(more({ hasMore: false }))).not.toContain('Load more');
    expect(list(more())).not.toContain('Page');
  });

  it('says how far a list that loads more has got, against its true total', () => {
    const list = (paging: MoreItems) =>
      text(
        renderToStaticMarkup(
          <PagedList query={ready} failed="x" empty="None." isEmpty={false} paging={paging}>
            <ol />
          </PagedList>,
        ),
      );
    expect(list(more({ count: 150, total: 230, noun: 'users' }))).toContain('Showing 150 of 230 users.');
    expect(list(more({ count: 1, total: 1, noun: 'users', one: 'user', matching: 'kemi' }))).toContain(
      '1 user matching "kemi".',
    );
    expect(list(more())).not.toContain('Showing');
  });
});
