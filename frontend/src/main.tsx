import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPrerenderedPage } from './app/router';
import './styles/tokens.css';
import './styles/base.css';
import './components/ui/ui.css';

// Zod would compile its object parsers with `new Function`, which the bank's Content Security
// Policy forbids: its probe for that was reported as a CSP violation on every page that parses an
// answer. `jitless` skips the probe. This is the settings object zod shares between its copies
// (what `z.config` writes), set before any schema is built: zod is not in the entry.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodSettings.__zod_globalConfig ??= {}), { jitless: true });

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
