import { ChevronDown, Lock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BANK, Logo, ThemeToggle } from '@/components/ui/brand';
import { ButtonLink } from '@/components/ui/button';
import { DeferredDrawer } from '@/components/ui/deferred-popup';
import { lazyComponent } from '@/lib/lazy-route';
import { PUBLIC_MENUS, type NavMenu } from './public-nav';
import { Facebook, Instagram, Linkedin, Youtube } from './social-icons';
import './public-layout.css';

/** True once the page has scrolled more than `threshold` px (spec: header opaque after 20 px). */
export function useScrolledPast(threshold = 20) {
  const [scrolled, setScrolled] = useState(
    () => typeof window !== 'undefined' && window.scrollY > threshold,
  );
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

function DropdownMenu({
  menu,
  open,
  onToggle,
  onClose,
}: {
  menu: NavMenu;
  open: boolean;
  onToggle(): void;
  onClose(): void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const id = `menu-${menu.label.replace(/\W+/g, '-').toLowerCase()}`;
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        onClose();
        ref.current?.querySelector('button')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);

  return (
    <li
      className="nav__item"
      ref={ref}
      onBlur={(e) => !ref.current?.contains(e.relatedTarget as Node) && open && onClose()}
    >
      <button
        type="button"
        className="nav__trigger"
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        {menu.label}
        <ChevronDown size={16} aria-hidden="true" className="nav__chevron" />
      </button>
      <div className="nav__panel" id={id} hidden={!open}>
        <ul role="list">
          {menu.links.map((link) => (
            <li key={link.to + link.label}>
              <Link to={link.to} className="nav__link" onClick={onClose}>
                <span className="nav__link-label">{link.label}</span>
                {link.description ? (
                  <span className="nav__link-desc">{link.description}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

const MobileMenuDrawer = lazyComponent(() => import('./public-mobile-menu'));

function Header() {
  const scrolled = useScrolledPast(20);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const location = useLocation();
  useEffect(() => setOpenMenu(null), [location.pathname, location.hash]);
  return (
    <header
      className={`site-header${scrolled ? ' site-header--scrolled' : ''}`}
      data-scrolled={scrolled}
    >
      <div className="utility-bar">
        <div className="container utility-bar__inner">
          <span>
            <Phone size={14} aria-hidden="true" /> <a href={BANK.phoneHref}>{BANK.phone}</a>
          </span>
          <span className="utility-bar__hide-sm">Member FDIC · Equal Housing Lender</span>
          <span className="utility-bar__links">
            <Link to="/contact#locations">Locations</Link>
            <Link to="/security">Security</Link>
          </span>
        </div>
      </div>
      <div className="container site-header__inner">
        <Logo />
        <nav aria-label="Main" className="nav">
          <ul role="list" className="nav__list">
            {PUBLIC_MENUS.map((menu) => (
              <DropdownMenu
                key={menu.label}
                menu={menu}
                open={openMenu === menu.label}
                onToggle={() => setOpenMenu((m) => (m === menu.label ? null : menu.label))}
                onClose={() => setOpenMenu((m) => (m === menu.label ? null : m))}
              />
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          <ThemeToggle />
          <ButtonLink
            to="/login"
            size="sm"
            className="header__login"
            icon={<Lock size={16} aria-hidden="true" />}
          >
            Online Banking
          </ButtonLink>
          <DeferredDrawer
            drawer={MobileMenuDrawer}
            label="Open menu"
            className="icon-btn header__menu-btn"
            closeKey={location.pathname + location.hash}
          />
        </div>
      </div>
    </header>
  );
}

const QUICK_LINKS = [
  { label: 'Personal Banking', to: '/personal-banking' },
  { label: 'Business Banking', to: '/business-banking' },
  { label: 'Loans', to: '/loans' },
  { label: 'Insurance', to: '/insurance-info' },
  { label: 'Services', to: '/services' },
  { label: 'About Us', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Open an Account', to: '/register' },
];

const LEGAL_LINKS = [
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
  { label: 'Security', to: '/security' },
  { label: 'Accessibility', to: '/accessibility' },
  { label: 'Disclosures', to: '/disclosures' },
  { label: 'Sitemap', to: '/sitemap' },
];

function Footer() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo inverse />
          <p>
            A hometown bank for the families, farms and businesses of the Harbor Bay region since{' '}
            {BANK.founded}.
          </p>
          <ul role="list" className="social">
            <li>
              <a href="https://facebook.com" aria-label="Harborview on Facebook">
                <Facebook size={18} aria-hidden="true" />
              </a>
            </li>
            <li>
              <a href="https://instagram.com" aria-label="Harborview on Instagram">
                <Instagram size={18} aria-hidden="true" />
              </a>
            </li>
            <li>
              <a href="https://linkedin.com" aria-label="Harborview on LinkedIn">
                <Linkedin size={18} aria-hidden="true" />
              </a>
            </li>
            <li>
              <a href="https://youtube.com" aria-label="Harborview on YouTube">
                <Youtube size={18} aria-hidden="true" />
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label="Quick links">
          <h2 className="site-footer__heading">Quick Links</h2>
          <ul role="list">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="site-footer__heading">Legal</h2>
          <ul role="list">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to}>{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Contact</h2>
          <ul role="list" className="site-footer__contact">
            <li>
              <Phone size={16} aria-hidden="true" /> <a href={BANK.phoneHref}>{BANK.phone}</a>
            </li>
            <li>
              <Mail size={16} aria-hidden="true" />{' '}
              <a href={`mailto:${BANK.email}`}>{BANK.email}</a>
            </li>
            <li>
              <MapPin size={16} aria-hidden="true" /> {BANK.address}, {BANK.cityLine}
            </li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__trust">
        <span className="trust-badge">
          <ShieldCheck size={16} aria-hidden="true" /> Member FDIC
        </span>
        <span className="trust-badge">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M8 1 1 7h2v7h10V7h2z" fill="currentColor" />
          </svg>
          Equal Housing Lender
        </span>
        <span className="trust-badge">
          <Lock size={16} aria-hidden="true" /> 256-bit encryption
        </span>
      </div>
      <div className="container site-footer__bottom">
        <p>
          © {new Date().getFullYear()} {BANK.name}. All rights reserved. Deposits insured by the
          FDIC up to $250,000 per depositor, for each account ownership category.
        </p>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="public-layout">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="public-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
