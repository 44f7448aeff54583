import { ChevronDown, Send } from 'lucide-react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ThemeToggle } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { DeferredDrawer, DeferredPopup } from '@/components/ui/deferred-popup';
import { IdleSessionWarning } from '@/features/auth/components/idle-session-warning';
import { StepUpDialog } from '@/components/security/step-up-dialog';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { GlobalSearch } from '@/features/search/components/global-search';
import { useAuth } from '@/lib/auth';
import { initials, truncateText } from '@/lib/format';
import { lazyComponent } from '@/lib/lazy-route';
import { AvatarContent, SidebarContent } from './sidebar';
import './app-shell.css';

const UserMenuDropdown = lazyComponent(() => import('./user-menu'));

function UserMenu() {
  const { user } = useAuth();
  const name = user?.name ?? '';
  const email = user?.email ?? '';
  // The name holds what the button shows, in its order (the avatar's initials, then the name and
  // email where there is room), so a voice-control user who says what they see reaches it.
  const avatarText = user?.profileImage ? '' : initials(name);
  const label = `Account menu for ${[avatarText, name, email].filter(Boolean).join(' ')}`;
  const content = (
    <>
      <span className="avatar avatar--sm" aria-hidden="true">
        <AvatarContent photo={user?.profileImage} name={name} />
      </span>{' '}
      <span className="user-menu__text">
        <span className="user-menu__name">{name}</span>{' '}
        <span className="user-menu__email" title={email}>
          {truncateText(email, 20)}
        </span>
      </span>
      <ChevronDown size={16} aria-hidden="true" />
    </>
  );
  return (
    <DeferredPopup
      preload={UserMenuDropdown.preload}
      haspopup="menu"
      className="user-menu__trigger"
      label={label}
      popup={(opening) => (
        <UserMenuDropdown label={label} defaultOpen focusFirstItem={opening.keyboard}>
          {content}
        </UserMenuDropdown>
      )}
    >
      {content}
    </DeferredPopup>
  );
}

const ShellDrawer = lazyComponent(() => import('./shell-drawer'));

export function AppShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <aside className="sidebar sidebar--fixed" aria-label="Sidebar">
        <SidebarContent />
      </aside>
      <div className="shell__body">
        <header className="topbar">
          <DeferredDrawer
            drawer={ShellDrawer}
            label="Open navigation"
            className="icon-btn topbar__menu"
            closeKey={pathname}
          />
          <GlobalSearch />
          <div className="topbar__actions">
            <Button
              size="sm"
              className="topbar__quick"
              icon={<Send size={16} aria-hidden="true" />}
              onClick={() => navigate('/transfer')}
            >
              <span className="topbar__quick-label">Quick Transfer</span>
            </Button>
            <ThemeToggle />
            <NotificationBell />
            <UserMenu />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="shell__main">
          <Outlet />
        </main>
      </div>
      <IdleSessionWarning />
      <StepUpDialog />
    </div>
  );
}
