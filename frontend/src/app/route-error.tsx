import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ChunkLoadError } from '@/lib/lazy-route';

/** The router's fallback view ("Unexpected Application Error!"). */
export function RouteError() {
  const error = useRouteError();
  const chunk =
    error instanceof ChunkLoadError ||
    (error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message));
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="container route-error" id="main">
      <h1>{chunk ? 'This page could not be loaded' : 'Unexpected Application Error!'}</h1>
      <p>
        {chunk
          ? 'Part of the app failed to download. Check your connection and reload the page.'
          : 'Something went wrong on our side. Your accounts are safe; please reload the page or return home.'}
      </p>
      {detail ? <p className="muted">{detail}</p> : null}
      <p>
        <button
          type="button"
          className="btn btn--primary btn--md"
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>{' '}
        <a className="btn btn--secondary btn--md" href="/">
          Go to home page
        </a>
      </p>
    </main>
  );
}
