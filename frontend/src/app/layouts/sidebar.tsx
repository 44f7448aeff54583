import { ChevronDown, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Logo } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { initials } from '@/lib/format';
import { useProfilePhoto } from '@/lib/profile-photo';
import { isGroup, SHELL_SECTIONS, type ShellGroup } from './shell-nav';

// The signed-in sidebar: fixed on wide screens, inside the navigation drawer on small ones.

/** The customer's photo in an avatar, or their initials while there is none (or it is loading). */
export function AvatarContent({ photo, name }: { photo: string | null | undefined; name: string }) {
  const src = useProfilePhoto(photo);
  return src ? <img src={src} alt="" /> : <>{initials(name)}</>;
}

function CollapsibleGroup({ group, onNavigate }: { group: ShellGroup; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const containsCurrent = group.children.some((c) => c.to === pathname);
  const onGroupScreen = pathname === group.screen;
  const [open, setOpen] = useState(containsCurrent);
  // Collapsed over the current screen's link, the group stands for it: the highlight stays in sight.
  const marked = onGroupScreen || (containsCurrent && !open);
  const id = 'sidebar-send-transfer';
  const Icon = group.icon;
  return (
    <li>
      <button
        type="button"
        className={`side-link side-link--group${marked ? ' active' : ''}`}
        aria-current={marked ? 'true' : undefined}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon size={18} aria-hidden="true" />
        <span>{group.label}</span>
        <ChevronDown size={16} aria-hidden="true" className="side-link__chevron" />
      </button>
      <ul role="list" id={id} hidden={!open} className="side-sub">
        {group.children.map((child) => {
          // The link to the group's own screen is never marked current: the group is, there.
          const Item = child.to === group.screen ? Link : NavLink;
          return (
            <li key={child.to}>
              <Item to={child.to} className="side-link side-link--sub" onClick={onNavigate}>
                <span>{child.label}</span>
              </Item>
            </li>
          );
        })}
      </ul>
    </li>
  );
}

export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { user, signOut } = useAuth();
  return (
    <div className="sidebar__inner">
      <div className="sidebar__brand">
        <Logo to="/dashboard" />
      </div>
      <div className="sidebar__user">
        <span className="avatar" aria-hidden="true">
          <AvatarContent photo={user?.profileImage} name={user?.name ?? ''} />
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
