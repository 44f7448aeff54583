import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { SidebarContent } from './sidebar';

function renderSidebarAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <SidebarContent />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Online banking' });
  return {
    group: within(nav).getByRole('button', { name: 'Send & Transfer' }),
    link: (name: string) => within(nav).getByRole('link', { name }),
    /** Every item in sight marked as the current one (a collapsed list is hidden). */
    current: () =>
      [...nav.querySelectorAll('[aria-current]')]
        .filter((el) => !el.closest('[hidden]'))
        .map((el) => el.textContent),
  };
}

describe('the sidebar marks the screen the customer is on', () => {
  it('on the transfer wizard, the Send & Transfer group, not Between My Accounts', () => {
    const sidebar = renderSidebarAt('/transfer');
    expect(sidebar.current()).toEqual(['Send & Transfer']);
    expect(sidebar.group).toHaveAttribute('aria-current', 'true');
    expect(sidebar.group).toHaveClass('active');
    expect(sidebar.group).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar.link('Between My Accounts')).not.toHaveAttribute('aria-current');
    expect(sidebar.link('Between My Accounts')).not.toHaveClass('active');
  });

  it('on Zelle, the Zelle link inside the group, and the group not', () => {
    const sidebar = renderSidebarAt('/zelle');
    expect(sidebar.current()).toEqual(['Zelle®']);
    expect(sidebar.link('Zelle®')).toHaveAttribute('aria-current', 'page');
    expect(sidebar.group).not.toHaveClass('active');
  });

  it('on Zelle with the group collapsed, the group, so the highlight stays in sight', () => {
    const sidebar = renderSidebarAt('/zelle');
    fireEvent.click(sidebar.group);
    expect(sidebar.group).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar.current()).toEqual(['Send & Transfer']);
    expect(sidebar.group).toHaveClass('active');
    fireEvent.click(sidebar.group);
    expect(sidebar.current()).toEqual(['Zelle®']);
    expect(sidebar.group).not.toHaveClass('active');
  });

  it('on Bill Pay, only Bill Pay', () => {
    const sidebar = renderSidebarAt('/bill-pay');
    expect(sidebar.current()).toEqual(['Bill Pay']);
    expect(sidebar.group).toHaveAttribute('aria-expanded', 'false');
  });
});
