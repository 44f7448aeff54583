import { CircleHelp, LogOut, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '@/lib/auth';
import { truncateText } from '@/lib/format';

type Props = {
  /** The trigger's accessible name and content (the same as the button shown before loading). */
  label: string;
  children: ReactNode;
  /** Opened by the first click or key press that loaded this menu. */
  defaultOpen: boolean;
  /** That first opening came from the keyboard: focus the first item, as Radix does then. */
  focusFirstItem: boolean;
};

/** The top bar's account menu (Radix, loaded when the account button is first used). */
/**
 * Radix focuses the first item when the menu was opened with the keyboard, which it learns from
 * a key press it listens for; the key press that loaded this menu came before it listened.
 */
function FocusFirstItem({
  content,
  onDone,
}: {
  content: RefObject<HTMLDivElement | null>;
  onDone(): void;
}) {
  useEffect(() => {
    // After Radix's own focus on open, which moves focus to the menu itself.
    const frame = requestAnimationFrame(() => {
      content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
      onDone();
    });
    return () => cancelAnimationFrame(frame);
  }, [content, onDone]);
  return null;
}

export default function UserMenuDropdown({ label, children, defaultOpen, focusFirstItem }: Props) {
  const contentRef = useRef<HTMLDivElement>(null);
  const [keyboardOpening, setKeyboardOpening] = useState(focusFirstItem);
  const openingDone = useCallback(() => setKeyboardOpening(false), []);
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const name = user?.name ?? '';
  const email = user?.email ?? '';
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="user-menu__trigger" aria-label={label}>
        {children}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8} ref={contentRef}>
          {keyboardOpening ? <FocusFirstItem content={contentRef} onDone={openingDone} /> : null}
          <DropdownMenu.Label className="menu__label">
            {name}
            <span className="menu__sub">{truncateText(email, 20)}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="menu__sep" />
          <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/profile')}>
            <Settings size={16} aria-hidden="true" /> Profile Settings
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/support')}>
            <CircleHelp size={16} aria-hidden="true" /> Help &amp; Support
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu__sep" />
          <DropdownMenu.Item className="menu__item" onSelect={() => void signOut()}>
            <LogOut size={16} aria-hidden="true" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
