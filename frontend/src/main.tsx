import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPrerenderedPage } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/ui.css';

const container = document.getElementById('root')!;

// A pre-rendered page (frontend/prerender.ts) stays on screen until its code is here, so the
// first render replaces it at once with the same markup rather than with a spinner.
const prerendered = container.hasAttribute('data-prerendered');
const pageReady = prerendered
  ? preloadPrerenderedPage(window.location.pathname).catch(() => {})
  : Promise.resolve();

/** Runs once the first render has replaced the pre-rendered markup. */
function OnFirstCommit({ children }: { children: ReactNode }) {
  useLayoutEffect(() => container.removeAttribute('data-prerendered'), []);
  return children;
}

void pageReady.then(() => {
  // A transition renders the app in slices of a few milliseconds, giving the browser the main
  // thread in between (a phone's first render was one long task); the page still changes in
  // one step, when the render is complete.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <OnFirstCommit>
          <App />
        </OnFirstCommit>
      </StrictMode>,
    ),
  );
});
