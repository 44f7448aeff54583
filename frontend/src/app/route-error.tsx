import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/feedback';
import { ChunkLoadError, isMissingChunk, reloadForMissingChunk } from '@/lib/lazy-route';

/**
 * Shows RouteError in place of the page when rendering it throws (a page whose code failed to
 * download, a bug); opening another page tries again. Code that is gone (a deploy since this tab
 * opened) first reloads the page once, at the address being opened.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

type BoundaryProps = { resetKey: string; children: ReactNode };

type BoundaryState = { error: unknown; failed: boolean; reloading: boolean };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, reloading: false };

  static getDerivedStateFromError(error: unknown) {
    // A spinner rather than the error while componentDidCatch decides whether to reload.
    return { error, failed: true, reloading: isMissingChunk(error) };
  }

  override componentDidCatch(error: unknown) {
    if (this.state.reloading && !reloadForMissingChunk(error)) this.setState({ reloading: false });
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false, reloading: false });
  }

  override render() {
    if (this.state.reloading) return <PageSpinner />;
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** The fallback view when a page cannot render ("Unexpected Application Error!"). */
export function RouteError({ error }: { error: unknown }) {
  const chunk =
    error instanceof ChunkLoadError ||
    (error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message));
  const detail = error instanceof Error ? error.message : null;
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
