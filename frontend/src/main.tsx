import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
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

void pageReady.then(() => {
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  container.removeAttribute('data-prerendered');
});
