import type { ReactNode } from 'react';
import { AlertCircle, AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import { Button } from './button';

export type Tone = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

const ALERT_ICONS = {
  success: CheckCircle2,
  warning: AlertTriangle,
  info: Info,
  danger: AlertCircle,
  neutral: Info,
};

/** An inline notice. role="alert" for errors so they are announced at once. */
export function Alert({
  tone = 'info',
  title,
  children,
  action,
}: {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Icon = ALERT_ICONS[tone];
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      <Icon className="alert__icon" aria-hidden="true" size={20} />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        {children}
      </div>
      {action ? <div className="alert__action">{action}</div> : null}
    </div>
  );
}

/**
 * Said in place of what failed to load (a list that failed is not an empty one), with Try again.
 */
export function LoadFailed({
  title,
  onRetry,
  children,
}: {
  title?: ReactNode;
  onRetry(): void;
  children: ReactNode;
}) {
  return (
    <Alert
      tone="danger"
      title={title}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

export function Spinner({
  label = 'Loading',
  size = 'md',
}: {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}

export function Skeleton({ height = '1rem', width = '100%' }: { height?: string; width?: string }) {
  return <span className="skeleton" style={{ height, width }} aria-hidden="true" />;
}
