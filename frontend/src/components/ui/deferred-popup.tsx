import { Menu } from 'lucide-react';
import {
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';

export type PopupOpening = {
  /** Opened with Enter, Space or ArrowDown rather than the pointer. */
  keyboard: boolean;
};

type Props = {
  /** Starts loading the popup's code (on hover or focus, before the click). */
  preload(): Promise<unknown>;
  /** The loaded popup, rendered in the button's place: its own trigger (same look and name), open. */
  popup(opening: PopupOpening): ReactNode;
  haspopup: 'menu' | 'dialog';
  className: string;
  label: string;
  children: ReactNode;
};

/**
 * A menu or popover button whose popup code (Radix, floating-ui) loads on first use, so it is not
 * part of the page's initial JavaScript. Until then it is a plain button that looks and is named
 * the same; its first click, Enter, Space or ArrowDown loads the popup, which opens at once.
 */
export function DeferredPopup({ preload, popup, haspopup, className, label, children }: Props) {
  const [opening, setOpening] = useState<PopupOpening | null>(null);
  const warm = () => void preload().catch(() => {});
  const button = (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup={haspopup}
      aria-expanded={false}
      onPointerEnter={warm}
      onFocus={warm}
      // A click from Enter or Space has no pointer position (detail 0).
      onClick={(event) => setOpening({ keyboard: event.detail === 0 })}
      onKeyDown={(event) => {
        if (haspopup === 'menu' && event.key === 'ArrowDown') {
          event.preventDefault();
          setOpening({ keyboard: true });
        }
      }}
    >
      {children}
    </button>
  );
  if (!opening) return button;
  return <Suspense fallback={button}>{popup(opening)}</Suspense>;
}

export type DrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The menu button, focused again when the drawer closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * A menu button opening a navigation drawer whose code (a Radix dialog) loads on first use; the
 * drawer closes when `closeKey` (the location) changes.
 */
export function DeferredDrawer({
  drawer: Drawer,
  label,
  className,
  closeKey,
}: {
  drawer: ComponentType<DrawerProps> & { preload(): Promise<unknown> };
  label: string;
  className: string;
  closeKey: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => setOpen(false), [closeKey]);
  const warm = () => void Drawer.preload().catch(() => {});
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu size={22} aria-hidden="true" />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <Drawer open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
