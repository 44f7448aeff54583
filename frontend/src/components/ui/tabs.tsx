import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import './tabs.css';

// Accessible tabs (radix-ui): arrow keys move between tabs, each panel is labelled by its tab.

export type TabItem<T extends string> = { value: T; label: ReactNode };

export function Tabs<T extends string>({
  value,
  onValueChange,
  items,
  label,
  wrapLabels = false,
  children,
}: {
  value: T;
  onValueChange: (value: NoInfer<T>) => void;
  items: TabItem<T>[];
  /** Accessible name of the tab list. */
  label: string;
  /**
   * On a phone, keep the tabs on one row and let a long label take two lines inside its tab,
   * for a bar whose labels are too long to sit side by side whole.
   */
  wrapLabels?: boolean;
  children: ReactNode;
}) {
  return (
    <RadixTabs.Root
      className="tabs"
      value={value}
      onValueChange={(v) => onValueChange(v as T)}
      activationMode="automatic"
    >
      <RadixTabs.List
        className={wrapLabels ? 'tabs__list tabs__list--wrap-labels' : 'tabs__list'}
        aria-label={label}
      >
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="tabs__trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className="tabs__panel">
      {children}
    </RadixTabs.Content>
  );
}
