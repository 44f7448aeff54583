import { ChevronDown, CircleHelp, LogOut, Menu, Send, Settings, X } from 'lucide-react';
import { Dialog as RadixDialog, DropdownMenu } from 'radix-ui';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Logo, ThemeToggle } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { IdleSessionWarning } from '@/features/auth/components/idle-session-warning';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { GlobalSearch } from '@/features/search/components/global-search';
import { useAuth } from '@/lib/auth';
import { truncateText } from '@/lib/format';
import { isGroup, SHELL_SECTIONS, type ShellGroup } from './shell-nav';
import './app-shell.css';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

function CollapsibleGroup({ group, onNavigate }: { group: ShellGroup; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const containsCurrent = group.children.some((c) => c.to === pathname);
  const [open, setOpen] = useState(containsCurrent);
  const id = 'sidebar-send-transfer';
  const Icon = group.icon;
  return (
    <li>
      <button
        type="button"
        className="side-link side-link--group"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon size={18} aria-hidden="true" />
        <span>{group.label}</span>
        <ChevronDown size={16} aria-hidden="true" className="side-link__chevron" />
      </button>
      <ul role="list" id={id} hidden={!open} className="side-sub">
        {group.children.map((child) => (
          <li key={child.to}>
            <NavLink to={child.to} className="side-link side-link--sub" onClick={onNavigate}>
              <span>{child.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { user, signOut } = useAuth();
  return (
    <div className="sidebar__inner">
      <div className="sidebar__brand">
        <Logo to="/dashboard" />
      </div>
      <div className="sidebar__user">
        <span className="avatar" aria-hidden="true">
          {user?.profileImage ? <img src={user.profileImage} alt="" /> : initials(user?.name ?? '')}
        </span>
        <div>
          <p className="sidebar__name">{user?.name}</p>
          <p className="sidebar__tier">Premium Banking</p>
        </div>
      </div>
      <nav aria-label="Online banking" className="sidebar__nav">
        {SHELL_SECTIONS.map((section) => (
          <div key={section.title} className="side-section">
            <h2 className="side-section__title">{section.title}</h2>
            <ul role="list">
              {section.items.map((item) =>
                isGroup(item) ? (
                  <CollapsibleGroup key={item.label} group={item} onNavigate={onNavigate} />
                ) : (
                  <li key={item.to}>
                    <NavLink to={item.to} className="side-link" onClick={onNavigate}>
                      <item.icon size={18} aria-hidden="true" />
                      <span>{item.label}</span>
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
          </div>
        ))}
      </nav>
      <div className="sidebar__foot">
        <Button
          variant="ghost"
          block
          className="sidebar__signout"
          icon={<LogOut size={18} aria-hidden="true" />}
          onClick={() => void signOut()}
        >
          Sign Out
        </Button>
      </div>
    </div>
  );
}

function UserMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const name = user?.name ?? '';
  const email = user?.email ?? '';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="user-menu__trigger" aria-label={`Account menu for ${name}`}>
        <span className="avatar avatar--sm" aria-hidden="true">
          {user?.profileImage ? <img src={user.profileImage} alt="" /> : initials(name)}
        </span>
        <span className="user-menu__text">
          <span className="user-menu__name">{name}</span>
          <span className="user-menu__email" title={email}>
            {truncateText(email, 20)}
          </span>
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={8}>
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

function MobileSidebar() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="icon-btn topbar__menu" aria-label="Open navigation">
        <Menu size={22} aria-hidden="true" />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="drawer__overlay" />
        <RadixDialog.Content
          className="drawer drawer--left sidebar sidebar--drawer"
          aria-describedby={undefined}
        >
          <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
          <RadixDialog.Close className="icon-btn sidebar__close" aria-label="Close navigation">
            <X size={22} aria-hidden="true" />
          </RadixDialog.Close>
          <SidebarContent onNavigate={() => setOpen(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export function AppShell() {
  const navigate = useNavigate();
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
          <MobileSidebar />
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
    </div>
  );
}
