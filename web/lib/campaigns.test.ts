import { describe, expect, it } from 'vitest';
import { mergeStreams, type Campaign } from './campaigns';

const c = (id: string, created_at: string): Campaign =>
  ({ id, created_at, type: id.startsWith('org-') ? 'organization' : 'recipient' }) as Campaign;

describe('mergeStreams', () => {
  it('merges two newest-first streams into one newest-first list', () => {
    const { shown } = mergeStreams([
      { items: [c('3', '2026-05-03'), c('1', '2026-05-01')], hasMore: false },
      { items: [c('org-2', '2026-05-02')], hasMore: false },
    ]);
    expect(shown.map((x) => x.id)).toEqual(['3', 'org-2', '1']);
  });

  it('holds back items that a later page of the other stream could precede', () => {
    const { shown, held } = mergeStreams([
      { items: [c('9', '2026-05-09'), c('8', '2026-05-08')], hasMore: true },
      { items: [c('org-7', '2026-05-07'), c('org-1', '2026-05-01')], hasMore: false },
    ]);
    expect(shown.map((x) => x.id)).toEqual(['9', '8']);
    expect(held).toBe(2);
  });
});
