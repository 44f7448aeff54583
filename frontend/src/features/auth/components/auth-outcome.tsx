import { useEffect, useRef, type ReactNode } from 'react';

/**
 * What an auth form gives way to once it has succeeded. It takes the focus the form's button had:
 * with the form gone, the focus would otherwise fall to the page's body, and the next Tab would
 * start again from the top of the page.
 */
export function AuthOutcome({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="auth__outcome">
      {children}
    </div>
  );
}
