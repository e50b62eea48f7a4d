import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { lagosTime } from '@contract/collections';
import { lagosDay } from '@contract/plain-format';
import type { SessionList } from '@contract/second-factor';
import { announce } from '@/lib/announce';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { QueryView } from '@/ui/query-view';
import { StatusBadge } from '@/ui/status-badge';
import { cellClass, DataTable } from '@/ui/table';
import { sessionsQuery, signOutOtherSessions, signOutSession } from './api';

type Session = SessionList[number];
/** What the confirm dialog is asking about: one other session, or every other one. */
type Asking = { kind: 'one'; session: Session } | { kind: 'others' };

const COLUMNS = ['Browser', 'Signed in', 'Last seen', 'Network', 'Actions'] as const;
const ALL_OTHERS = 'Sign out all other sessions';

/** "28 November 2026 at 14:05", in Lagos time. */
const when = (iso: string) => `${lagosDay(iso)} at ${lagosTime(iso)}`;
const signOutName = (s: Session) => `Sign out ${s.browser}, signed in ${when(s.createdAt)}`;

/** Focus that has fallen to the page, or to an element no longer on it, leaves a keyboard user nowhere. */
const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * Your sessions (docs/decisions/0072): every browser signed in to this account, the one in use marked
 * in words, and a way to sign out any other one, or all of them, after a question. The outcome is said
 * once; focus moves to the next row's Sign out, else to Sign out all other sessions, else to the table,
 * never to the page.
 */
export function SessionsSection() {
  const client = useQueryClient();
  const query = useQuery(sessionsQuery);
  const [asking, setAsking] = useState<Asking | null>(null);
  const place = useRef<HTMLDivElement>(null);

  /** Where focus goes after a sign-out: the first of `after` still listed, else the next best place. */
  const focusTarget = (after: number[]): HTMLElement | null => {
    const root = place.current;
    if (!root) return null;
    for (const id of after) {
      const button = root.querySelector<HTMLElement>(`[data-session="${id}"]`);
      if (button) return button;
    }
    return root.querySelector<HTMLElement>('[data-all-others]') ?? root.querySelector<HTMLElement>('[role="region"]');
  };

  /**
   * Once the dialog has closed and handed focus back to its opener (which a sign-out took off the
   * page), moves focus to the chosen place, or only rescues it if lost; looks again for a moment in
   * case the list is redrawn.
   */
  const keepFocus = (after: number[], move: boolean) => {
    let looks = 0;
    const look = () => {
      if ((move && looks === 0) || focusLost()) focusTarget(after)?.focus();
      if ((looks += 1) < 8) window.setTimeout(look, 150);
    };
    window.setTimeout(look, 60);
  };

  const confirm = async (what: Asking, rows: SessionList) => {
    const others = rows.filter((r) => !r.current);
    const after =
      what.kind === 'one' ? others.slice(others.findIndex((r) => r.id === what.session.id) + 1).map((r) => r.id) : [];
    const { message } = what.kind === 'one' ? await signOutSession(what.session.id) : await signOutOtherSessions();
    await client.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    setAsking(null);
    announce(message);
    keepFocus(after, true);
  };

  return (
    <div ref={place} className="space-y-4">
      <p>
        Each browser or app signed in to your account. Sign out any you do not recognise, then change your password.
      </p>
      <QueryView query={query} failed="Your sessions could not be loaded." empty="No browser is signed in.">
        {(rows) => {
          const others = rows.filter((r) => !r.current);
          return (
            <>
              <DataTable
                label="Your sessions table"
                caption="Browsers signed in to your account, most recently used first"
                columns={COLUMNS}
                minWidth="min-w-3xl"
                sorted={{ column: 'Last seen', direction: 'descending' }}
              >
                {rows.map((s) => (
                  <tr key={s.id} className="border-t border-gray-200 align-top dark:border-gray-700">
                    <th scope="row" className={`${cellClass} font-normal`}>
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">{s.browser}</span>
                        {s.current ? <StatusBadge tone="info">This browser</StatusBadge> : null}
                      </span>
                    </th>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      <time dateTime={s.createdAt}>{when(s.createdAt)}</time>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {s.current ? (
                        'Now'
                      ) : s.lastSeenAt ? (
                        <time dateTime={s.lastSeenAt}>{when(s.lastSeenAt)}</time>
                      ) : (
                        'Not since signing in'
                      )}
                    </td>
                    <td className={`${cellClass} wrap-anywhere`}>{s.networkPrefix ?? 'Unknown'}</td>
                    <td className={cellClass}>
                      {s.current ? (
                        <span className="text-gray-700 dark:text-gray-300">Sign out here from the account menu</span>
                      ) : (
                        <Button
                          variant="secondary"
                          data-session={s.id}
                          aria-label={signOutName(s)}
                          onClick={() => setAsking({ kind: 'one', session: s })}
                        >
                          <LogOut aria-hidden="true" className="size-5" />
                          Sign out
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
              {others.length > 0 ? (
                <Button variant="danger" data-all-others onClick={() => setAsking({ kind: 'others' })}>
                  <LogOut aria-hidden="true" className="size-5" />
                  {ALL_OTHERS}
                </Button>
              ) : null}
              {asking ? (
                <ConfirmDialog
                  title={
                    asking.kind === 'one'
                      ? `Sign out ${asking.session.browser}?`
                      : `Sign out ${others.length === 1 ? 'the other session' : `all ${others.length} other sessions`}?`
                  }
                  isOpen
                  onOpenChange={(open) => {
                    if (open) return;
                    setAsking(null);
                    // Cancelled: focus goes back to the button, unless a refresh took that row away meanwhile.
                    keepFocus([], false);
                  }}
                  confirmLabel="Sign out"
                  busyLabel="Signing out..."
                  variant="danger"
                  failed="That could not be signed out. Please try again."
                  onConfirm={() => confirm(asking, rows)}
                >
                  {asking.kind === 'one' ? (
                    <p>
                      {asking.session.browser}, signed in {when(asking.session.createdAt)}, will have to sign in again
                      with your password.
                    </p>
                  ) : (
                    <p>Every browser except this one will have to sign in again with your password.</p>
                  )}
                </ConfirmDialog>
              ) : null}
            </>
          );
        }}
      </QueryView>
    </div>
  );
}
