import { RadioGroup } from 'radix-ui';
import type { KeyboardEvent, ReactNode } from 'react';

type Option<T extends string> = { value: T; label: ReactNode };

/** How far each key moves the choice; Home and End go to the first and the last option. */
const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A choice of a few options drawn as one segmented control: radix's radio group, so it is one Tab
 * stop (the chosen option) and the arrow keys (and Home, End) move the choice, as with any radio
 * group a screen reader announces. Radix moves the focus; the choice is made here on the key
 * press, because radix makes it only when the focus arrives while the key is still down, and a
 * quick press (a test's, an assistive tool's, a fast typist's) lets the key up first, which left
 * the focus on one option and the choice on another.
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
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Radix ignores the keys with a modifier held, and so does the choice.
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const from = options.findIndex((o) => o.value === (event.target as HTMLButtonElement).value);
    const step = STEP[event.key];
    let to: number | undefined;
    if (step !== undefined && from >= 0) to = (from + step + options.length) % options.length;
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = options.length - 1;
    const next = to === undefined ? undefined : options[to];
    if (next && next.value !== value) onChange(next.value);
  };
  return (
    <RadioGroup.Root
      aria-label={label}
      className={['segmented', className ?? ''].filter(Boolean).join(' ')}
      value={value}
      // Radix reports only an option's own value, so the cast names what it already is.
      onValueChange={(next) => onChange(next as T)}
      onKeyDown={onKeyDown}
    >
      {options.map((option) => (
        <RadioGroup.Item key={option.value} value={option.value}>
          {option.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
