import { Check, Quote, Star, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
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

function CountUp({ stat, start }: { stat: Stat; start: boolean }) {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!start) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce) {
      setValue(stat.value);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      const elapsed = now - began;
      setValue(countUpValue(stat.value, elapsed, COUNT_UP_MS, stat.decimals ?? 0));
      if (elapsed < COUNT_UP_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [start, stat.value, stat.decimals]);
  const text = `${stat.prefix ?? ''}${value.toLocaleString('en-US', {
    minimumFractionDigits: stat.decimals ?? 0,
    maximumFractionDigits: stat.decimals ?? 0,
  })}${stat.suffix}`;
  const final = `${stat.prefix ?? ''}${stat.value.toLocaleString('en-US', { minimumFractionDigits: stat.decimals ?? 0 })}${stat.suffix}`;
  return (
    <>
      <span className="stat__value tabular" aria-hidden="true">
        {text}
      </span>
      <span className="sr-only">{final}</span>
    </>
  );
}

/** Figures that count up once they scroll into view. */
export function StatBand({ stats, label }: { stats: Stat[]; label: string }) {
  const ref = useRef<HTMLUListElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: 0.3 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return (
    <ul role="list" className="stats" ref={ref} aria-label={label}>
      {stats.map((s) => (
        <li key={s.label} className="stat">
          <CountUp stat={s} start={visible} />
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
