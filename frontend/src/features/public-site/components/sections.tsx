import { Check, Quote, Star, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/components/ui/page';
import { COUNT_UP_MS, countUpValue } from '../lib/count-up';
import './public.css';

export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return <div className="public-page">{children}</div>;
}

export function Hero({
  eyebrow,
  title,
  lead,
  actions,
  aside,
  compact,
}: {
  eyebrow?: string;
  title: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
  compact?: boolean;
}) {
  return (
    <section className={`hero${compact ? ' hero--compact' : ''}`}>
      <div className="container hero__inner">
        <div className="hero__copy">
          {eyebrow ? <p className="eyebrow eyebrow--light">{eyebrow}</p> : null}
          <h1 className="hero__title">{title}</h1>
          <p className="hero__lead">{lead}</p>
          {actions ? <div className="hero__actions">{actions}</div> : null}
        </div>
        {aside ? <div className="hero__aside">{aside}</div> : null}
      </div>
    </section>
  );
}

export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  tone = 'plain',
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'plain' | 'tint' | 'dark';
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <div className="section__head">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId}>{title}</h2>
          {intro ? <p className="section__intro">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

export type Feature = {
  icon?: LucideIcon;
  title: string;
  text: ReactNode;
  points?: string[];
  figure?: string;
  figureLabel?: string;
  link?: { to: string; label: string };
  badge?: string;
};

export function FeatureGrid({ items, columns = 3 }: { items: Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul role="list" className={`feature-grid feature-grid--${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="feature">
          {item.badge ? <span className="feature__badge">{item.badge}</span> : null}
          {item.icon ? (
            <span className="feature__icon" aria-hidden="true">
              <item.icon size={24} />
            </span>
          ) : null}
          <h3 className="feature__title">{item.title}</h3>
          {item.figure ? (
            <p className="feature__figure">
              {item.figure}
              {item.figureLabel ? <span> {item.figureLabel}</span> : null}
            </p>
          ) : null}
          <p className="feature__text">{item.text}</p>
          {item.points?.length ? (
            <ul role="list" className="checklist">
              {item.points.map((p) => (
                <li key={p}>
                  <Check size={16} aria-hidden="true" /> {p}
                </li>
              ))}
            </ul>
          ) : null}
          {item.link ? (
            <Link to={item.link.to} className="feature__link">
              {item.link.label}
              <span className="sr-only"> — {item.title}</span>
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export type Testimonial = { quote: string; name: string; detail: string; rating: number };

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul role="list" className="feature-grid feature-grid--3">
      {items.map((t) => (
        <li key={t.name} className="testimonial">
          <Quote size={28} aria-hidden="true" className="testimonial__mark" />
          <p className="testimonial__stars" role="img" aria-label={`Rated ${t.rating} out of 5`}>
            {Array.from({ length: 5 }, (_, i) => (
              <Star
                key={i}
                size={16}
                aria-hidden="true"
                fill={i < t.rating ? 'currentColor' : 'none'}
              />
            ))}
          </p>
          <blockquote>
            <p>“{t.quote}”</p>
          </blockquote>
          <p className="testimonial__who">
            <strong>{t.name}</strong>
            <span>{t.detail}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function CtaBand({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="cta-band" aria-label={title}>
      <div className="container cta-band__inner">
        <div>
          <h2>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-band__actions">{children}</div>
      </div>
    </section>
  );
}

export type Stat = {
  value: number;
  decimals?: number;
  prefix?: string;
  suffix: string;
  label: string;
};

function formatStat(stat: Stat, value: number) {
  const digits = stat.decimals ?? 0;
  const number = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${stat.prefix ?? ''}${number}${stat.suffix}`;
}

/**
 * Figures that count up once they scroll into view. One animation frame loop writes the four
 * figures' text directly: re-rendering React sixty times a second for two seconds kept a phone's
 * main thread busy just as the page was becoming usable.
 */
export function StatBand({ stats, label }: { stats: Stat[]; label: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const figures = useRef<(HTMLSpanElement | null)[]>([]);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    let frame = 0;
    const show = (elapsed: number) =>
      stats.forEach((stat, i) => {
        const figure = figures.current[i];
        if (!figure) return;
        figure.textContent = formatStat(
          stat,
          countUpValue(stat.value, elapsed, COUNT_UP_MS, stat.decimals ?? 0),
        );
      });
    const run = () => {
      if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
        show(COUNT_UP_MS);
        return;
      }
      const began = performance.now();
      const tick = (now: number) => {
        const elapsed = Math.max(0, now - began);
        show(elapsed);
        if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    if (typeof IntersectionObserver === 'undefined') {
      run();
      return () => cancelAnimationFrame(frame);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          run();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [stats]);
  return (
    <ul role="list" className="stats" ref={ref} aria-label={label}>
      {stats.map((s, i) => (
        <li key={s.label} className="stat">
          <span
            className="stat__value tabular"
            aria-hidden="true"
            ref={(el) => {
              figures.current[i] = el;
            }}
          >
            {formatStat(s, 0)}
          </span>
          <span className="sr-only">{formatStat(s, s.value)}</span>
          <span className="stat__label">{s.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function HeroActions({
  primary,
  secondary,
}: {
  primary: { to: string; label: string };
  secondary?: { to: string; label: string };
}) {
  return (
    <>
      <ButtonLink to={primary.to} variant="accent" size="lg">
        {primary.label}
      </ButtonLink>
      {secondary ? (
        <ButtonLink to={secondary.to} variant="inverse" size="lg">
          {secondary.label}
        </ButtonLink>
      ) : null}
    </>
  );
}
