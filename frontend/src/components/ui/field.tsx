import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

// Form fields with a visible label, hint and error wired up through aria-describedby.

type FieldChrome = { label: ReactNode; hint?: ReactNode; error?: string; optional?: boolean };

function describedBy(id: string, hint?: ReactNode, error?: string) {
  return (
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

function Chrome({
  id,
  label,
  hint,
  error,
  optional,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional ? <span className="field__optional"> (optional)</span> : null}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldChrome & { trailing?: ReactNode };

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, hint, error, optional, trailing, id: givenId, className, ...rest },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Chrome id={id} label={label} hint={hint} error={error} optional={optional}>
      <div className="field__control">
        <input
          ref={ref}
          id={id}
          className={['input', className ?? ''].join(' ').trim()}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...rest}
        />
        {trailing}
      </div>
    </Chrome>
  );
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & FieldChrome;

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, hint, error, optional, id: givenId, children, ...rest },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Chrome id={id} label={label} hint={hint} error={error} optional={optional}>
      <select
        ref={ref}
        id={id}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      >
        {children}
      </select>
    </Chrome>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, hint, error, optional, id: givenId, ...rest },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Chrome id={id} label={label} hint={hint} error={error} optional={optional}>
      <textarea
        ref={ref}
        id={id}
        className="input textarea"
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </Chrome>
  );
});

type CheckboxProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string };

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, error, id: givenId, ...rest },
  ref,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <div className={`checkbox${error ? ' field--invalid' : ''}`}>
      <input
        ref={ref}
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
      <label htmlFor={id}>{label}</label>
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
});

/** Server field errors, listed under "Please fix the following errors:". */
export function FieldErrorList({
  errors,
  said,
}: {
  errors: { field: string; message: string }[];
  /** The message the form already shows above the list: not said (nor announced) twice. */
  said?: string | null;
}) {
  const unsaid = errors.filter((e) => e.message !== said);
  if (!unsaid.length) return null;
  return (
    <div className="alert alert--danger" role="alert">
      <div className="alert__body">
        <p className="alert__title">Please fix the following errors:</p>
        <ul className="error-list">
          {unsaid.map((e) => (
            <li key={e.field}>{e.message}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
