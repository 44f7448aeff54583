import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A text box kept in the address (a search parameter): what is typed shows at once, whatever
 * the router does with the address meanwhile. The router's navigations are transitions, which a
 * quick key overtakes: bound to the address alone, the box showed the older text for a moment,
 * and the next key was added to that (typing "Payroll" fast could leave "Pyrll"). The address's
 * own changes (Back, a link) still replace the text.
 */
export function useParamText(fromAddress: string, write: (text: string) => void) {
  const [text, setText] = useState(fromAddress);
  // The texts written and not yet seen in the address, oldest first.
  const written = useRef<string[]>([]);
  useEffect(() => {
    const ours = written.current.indexOf(fromAddress);
    if (ours >= 0) {
      written.current = written.current.slice(ours + 1);
      return;
    }
    written.current = [];
    setText(fromAddress);
  }, [fromAddress]);
  const change = useCallback(
    (next: string) => {
      setText(next);
      written.current.push(next);
      write(next);
    },
    [write],
  );
  return [text, change] as const;
}
