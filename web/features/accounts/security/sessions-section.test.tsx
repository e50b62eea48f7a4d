import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionList } from '@contract/second-factor';
import { sessionsQuery } from './api';
import { SessionsSection } from './sessions-section';

const current: SessionList[number] = {
  id: 7,
  current: true,
  createdAt: '2026-11-28T08:05:00.000Z',
  lastSeenAt: '2026-11-28T08:05:00.000Z',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
  browser: 'Chrome on Linux',
  networkPrefix: '102.89.1.0/24',
};
const phone: SessionList[number] = {
  id: 3,
  current: false,
  createdAt: '2026-11-27T23:30:00.000Z',
  lastSeenAt: null,
  userAgent: null,
  browser: 'Chrome on Android',
  networkPrefix: null,
};

function draw(list: SessionList): string {
  const client = new QueryClient();
  client.setQueryData(sessionsQuery.queryKey, list);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <SessionsSection />
    </QueryClientProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('SessionsSection', () => {
  it('lists each session with Lagos dates, marks this browser in words and names each Sign out', () => {
    const html = draw([current, phone]);
    expect(html).toContain(
      '<caption class="sr-only">Browsers signed in to your account, most recently used first</caption>',
    );
    // 08:05 UTC is 09:05 in Lagos; 23:30 UTC on the 27th is already the 28th there.
    expect(text(html)).toContain('Chrome on Linux This browser 28 November 2026 at 09:05 Now 102.89.1.0/24');
    expect(text(html)).toContain('Chrome on Android 28 November 2026 at 00:30 Not since signing in Unknown');
    expect(html).toContain('aria-label="Sign out Chrome on Android, signed in 28 November 2026 at 00:30"');
    // This browser signs out from the account menu, not from its row.
    expect(html.match(/aria-label="Sign out /g)).toHaveLength(1);
    expect(text(html)).toContain('Sign out all other sessions');
  });

  it('offers no Sign out all other sessions when this browser is the only one', () => {
    const html = draw([current]);
    expect(text(html)).not.toContain('Sign out all other sessions');
    expect(html).not.toContain('aria-label="Sign out ');
  });
});
