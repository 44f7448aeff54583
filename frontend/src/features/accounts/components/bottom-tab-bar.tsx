import {
  ArrowLeftRight,
  CreditCard,
  Headset,
  LayoutGrid,
  MoreHorizontal,
  Receipt,
  Send,
  User,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router-dom';

/**
 * On small screens the accounts page has a bottom tab bar (overview, transfer, pay, more).
 * `transferLink`: where Transfer goes, carrying the account shown.
 */
export function BottomTabBar({ transferLink = '/transfer' }: { transferLink?: string }) {
  const navigate = useNavigate();
  return (
    <nav className="tabbar" aria-label="Account shortcuts">
      <Link to="/accounts" className="tabbar__item" aria-current="page">
        <LayoutGrid size={20} aria-hidden="true" />
        Overview
      </Link>
      <Link to={transferLink} className="tabbar__item">
        <ArrowLeftRight size={20} aria-hidden="true" />
        Transfer
      </Link>
      <Link to="/bill-pay" className="tabbar__item">
        <Receipt size={20} aria-hidden="true" />
        Pay
      </Link>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="tabbar__item">
          <MoreHorizontal size={20} aria-hidden="true" />
          More
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side="top" align="end" sideOffset={8}>
            <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/zelle')}>
              <Send size={16} aria-hidden="true" /> Send Money
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/cards')}>
              <CreditCard size={16} aria-hidden="true" /> Cards
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/support')}>
              <Headset size={16} aria-hidden="true" /> Support
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => navigate('/profile')}>
              <User size={16} aria-hidden="true" /> Profile
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </nav>
  );
}
