import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

export const BANK = {
  name: 'Harborview Community Bank',
  shortName: 'Harborview',
  founded: 1952,
  phone: '(555) 019-1952',
  phoneHref: 'tel:+15550191952',
  email: 'info@harborviewbank.example',
  supportEmail: 'support@harborviewbank.example',
  cardsEmail: 'cards@harborviewbank.example',
  address: '1952 Founders Way',
  cityLine: 'Harborview, ME 04999',
} as const;

const LOGO_TAGLINE = `Community Bank · Est. ${BANK.founded}`;

export function Logo({ to = '/', inverse = false }: { to?: string; inverse?: boolean }) {
  return (
    <Link
      to={to}
      className={`logo${inverse ? ' logo--inverse' : ''}`}
      // The name holds every word the logo shows, so it can be reached by saying what is seen.
      aria-label={`${BANK.shortName} ${LOGO_TAGLINE}, home`}
    >
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M16 5 7 20h5l-3 5h14l-3-5h5z" fill="#e7c77a" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{BANK.shortName}</span>{' '}
        <span className="logo__tag">{LOGO_TAGLINE}</span>
      </span>
    </Link>
  );
}

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  const set = document.documentElement.dataset.theme;
  if (set === 'dark' || set === 'light') return set;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useState<Theme>(() =>
    typeof document === 'undefined' ? 'light' : currentTheme(),
  );
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={`icon-btn ${className ?? ''}`}
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        setTheme(next);
        try {
          localStorage.setItem('theme', next);
        } catch {
          /* not saved */
        }
      }}
    >
      {theme === 'dark' ? (
        <Sun size={18} aria-hidden="true" />
      ) : (
        <Moon size={18} aria-hidden="true" />
      )}
    </button>
  );
}
