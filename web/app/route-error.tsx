import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '@/lib/page';

export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
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
