/**
 * The browser's stores, or null where there are none (server-side rendering) or the browser
 * refuses them (storage turned off): callers then go on without keeping anything.
 */
function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

/** Kept in this browser across visits. */
export const localStore = () => store('localStorage');
/** Kept in this tab until it closes. */
export const tabStore = () => store('sessionStorage');
