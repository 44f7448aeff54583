import { useRef, type KeyboardEvent, type ReactNode } from 'react';

type Option<T extends string> = { value: T; label: ReactNode };

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A choice of a few options drawn as one segmented control: a radio group, so it is one Tab stop
 * (the chosen option) and the arrow keys (and Home, End) move the choice, as with any radio group
 * a screen reader announces.
 */
export function SegmentedChoice<const T extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly Option<T>[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  className?: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const at = (index + options.length) % options.length;
    const next = options[at];
    if (!next) return;
    if (next.value !== value) onChange(next.value);
    const buttons = group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons?.[at]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = STEP[event.key];
    if (step !== undefined) choose(index + step);
    else if (event.key === 'Home') choose(0);
    else if (event.key === 'End') choose(options.length - 1);
    else return;
    event.preventDefault();
  };
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label={label}
      className={['segmented', className ?? ''].filter(Boolean).join(' ')}
    >
      {options.map((option, index) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          tabIndex={value === option.value ? 0 : -1}
          onClick={() => value !== option.value && onChange(option.value)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
