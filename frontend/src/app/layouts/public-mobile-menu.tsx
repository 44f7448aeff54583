import { Lock, X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { DrawerProps } from '@/components/ui/deferred-popup';
import { RadixDrawer } from '@/components/ui/radix-drawer';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PUBLIC_MENUS } from './public-nav';

/** The public site's small-screen menu drawer (loaded when the menu button is first used). */
export default function MobileMenuDrawer({ open, onOpenChange, returnFocusTo }: DrawerProps) {
  return (
    <RadixDrawer
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      className="drawer--right"
    >
      <div className="drawer__head">
        <RadixDialog.Title className="drawer__title">Menu</RadixDialog.Title>
        <RadixDialog.Close className="icon-btn" aria-label="Close menu">
          <X size={22} aria-hidden="true" />
        </RadixDialog.Close>
      </div>
      <nav aria-label="Mobile">
        {PUBLIC_MENUS.map((menu) => (
          <details key={menu.label} className="mobile-nav__group">
            <summary>{menu.label}</summary>
            <ul role="list">
              {menu.links.map((link) => (
                <li key={link.to + link.label}>
                  <Link to={link.to} onClick={() => onOpenChange(false)}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </nav>
      <div className="drawer__actions">
        <ButtonLink to="/login" block icon={<Lock size={16} aria-hidden="true" />}>
          Online Banking
        </ButtonLink>
        <ButtonLink to="/register" variant="secondary" block>
          Open an Account
        </ButtonLink>
      </div>
    </RadixDrawer>
  );
}
