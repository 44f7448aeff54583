import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useTabParam } from './use-tab-param';

const TABS = ['pay', 'history'] as const;
const LABELS = { pay: 'Pay Bills', history: 'History' };

function Page() {
  const [tab, setTab] = useTabParam(TABS);
  return (
    <Tabs
      value={tab}
      onValueChange={setTab}
      label="Bill Pay"
      items={TABS.map((value) => ({ value, label: LABELS[value] }))}
    >
      <TabPanel value="pay">Pay panel</TabPanel>
      <TabPanel value="history">
        <Link to="/receipt">Netflix</Link>
      </TabPanel>
    </Tabs>
  );
}

function setup(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/bill-pay', element: <Page /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/receipt', element: <p>Receipt</p> },
    ],
    { initialEntries: ['/dashboard', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('useTabParam', () => {
  it('opens the tab the address names', () => {
    setup('/bill-pay?tab=history');
    expect(selected()).toBe('History');
  });

  it('falls back to the first tab for a name it does not know', () => {
    setup('/bill-pay?tab=nope');
    expect(selected()).toBe('Pay Bills');
  });

  it('keeps the chosen tab in the address as a step of history: Back returns to the tab before, and from a receipt to its tab', async () => {
    const router = setup('/bill-pay?account=a1#top');
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.search).toBe('?account=a1&tab=history');
    expect(router.state.location.hash).toBe('#top');
    expect(router.state.historyAction).toBe('PUSH');

    await userEvent.click(screen.getByRole('link', { name: 'Netflix' }));
    await screen.findByText('Receipt');
    await act(() => router.navigate(-1));
    expect(selected()).toBe('History');

    // Choosing the tab already shown adds no step.
    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    // Back undoes the choice of the tab, and then leaves the page.
    await act(() => router.navigate(-1));
    expect(selected()).toBe('Pay Bills');
    expect(router.state.location.search).toBe('?account=a1');
    await act(() => router.navigate(-1));
    await screen.findByText('Dashboard');
  });
});
