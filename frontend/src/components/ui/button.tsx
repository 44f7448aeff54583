import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger' | 'inverse';
type Size = 'sm' | 'md' | 'lg';

function classes(variant: Variant, size: Size, block?: boolean, extra?: string) {
  return ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  loading?: boolean;
  icon?: ReactNode;
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    block,
    loading,
    icon,
    className,
    children,
    type = 'button',
    disabled,
    onClick,
    ...rest
  },
  ref,
) {
  // While its action runs the button refuses clicks (and the form's submission) but stays
  // focusable: a disabled button loses the focus, which then falls to the page's start.
  const busy = Boolean(loading) && !disabled;
  // A button that runs an action (it says when it is loading) takes a double click as one press:
  // the second click comes before the page has drawn the button busy.
  const runsAction = loading !== undefined;
  return (
    <button
      ref={ref}
      type={type}
      className={classes(variant, size, block, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (busy || (runsAction && event.detail > 1)) event.preventDefault();
        else onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <span className="btn__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
});

type ButtonLinkProps = LinkProps & {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  icon?: ReactNode;
};

export function ButtonLink({
  variant = 'primary',
  size = 'md',
  block,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={classes(variant, size, block, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}
