import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The page scrolls to the top on every route change (or to the #anchor asked for). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      // Give the lazily loaded page a moment to render its anchor.
      const id = decodeURIComponent(hash.slice(1));
      let tries = 0;
      const timer = setInterval(() => {
        const target = document.getElementById(id);
        tries += 1;
        if (target || tries > 20) {
          clearInterval(timer);
          target?.scrollIntoView();
        }
      }, 50);
      return () => clearInterval(timer);
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
