import {
  ArrowLeftRight,
  Bitcoin,
  ChartPie,
  CreditCard,
  FileText,
  Headset,
  Landmark,
  LayoutDashboard,
  Send,
  Shield,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

// The signed-in sidebar.

export type ShellLink = { label: string; to: string; icon: LucideIcon };
export type ShellGroup = {
  label: string;
  icon: LucideIcon;
  children: ShellLink[];
  /**
   * The group's own screen, which one of its links opens but does not name: there the group is
   * the current item, not that link.
   */
  screen?: string;
};
export type ShellSection = { title: string; items: (ShellLink | ShellGroup)[] };

export const SEND_AND_TRANSFER: ShellGroup = {
  label: 'Send & Transfer',
  icon: Send,
  // Between My Accounts opens the transfer wizard, whose first step offers all four types.
  screen: '/transfer',
  children: [
    { label: 'Between My Accounts', to: '/transfer', icon: ArrowLeftRight },
    { label: 'Wire Transfer', to: '/wire-transfer', icon: Landmark },
    { label: 'Zelle®', to: '/zelle', icon: Send },
  ],
};

export const SHELL_SECTIONS: ShellSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
      { label: 'Account Summary', to: '/accounts', icon: Wallet },
      { label: 'Spending Insights', to: '/insights', icon: ChartPie },
    ],
  },
  {
    title: 'Banking',
    items: [
      SEND_AND_TRANSFER,
      { label: 'Bill Pay', to: '/bill-pay', icon: FileText },
      { label: 'Cards & ATM', to: '/cards', icon: CreditCard },
    ],
  },
  {
    title: 'Investments',
    items: [{ label: 'Crypto Portfolio', to: '/crypto-trading', icon: Bitcoin }],
  },
  {
    title: 'Services',
    items: [
      { label: 'Loans', to: '/loans', icon: Landmark },
      { label: 'Insurance', to: '/insurance', icon: Shield },
      { label: 'Support', to: '/support', icon: Headset },
    ],
  },
];

export function isGroup(item: ShellLink | ShellGroup): item is ShellGroup {
  return 'children' in item;
}
