import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from './button';
import { EmptyState, ErrorMessage, LoadingState } from './feedback';

/**
 * Product notes 4: a list's loading, error (with Try again) and empty states, then the list.
 * The error is the product's sentence for the page; the empty state its own words.
 */
export function QueryView<T extends readonly unknown[]>({
  query,
  failed,
  empty,
  emptyAction,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  failed: string;
  empty: string;
  emptyAction?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingState>Loading...</LoadingState>;
  if (query.isError) {
    return (
      <div className="space-y-4">
        <ErrorMessage>{failed}</ErrorMessage>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <EmptyState title={empty}>{emptyAction}</EmptyState>;
  return <>{children(query.data)}</>;
}
