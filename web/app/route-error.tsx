import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '@/lib/page';

export function RouteError({ notFound = false }: { notFound?: boolean }) {
  usePageTitle('Something went wrong');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">{notFound ? 'Page Not Found' : 'Something went wrong'}</h1>
      <p role="alert" className="mt-4 text-lg">
        {notFound
          ? 'We could not find that page.'
          : 'This page could not be shown. Please reload the page or try again later.'}
      </p>
      <p className="mt-6">
        <Link to="/" className="font-semibold underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}

type BoundaryProps = { pathname: string; children: ReactNode };
type BoundaryState = { failedAt: string | null };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    // The address is filled in by getDerivedStateFromProps on the same render.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    // Going to another address tries again.
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/** Shows RouteError in place of what it wraps when rendering it fails (a page's code that did not load, a bug), until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
