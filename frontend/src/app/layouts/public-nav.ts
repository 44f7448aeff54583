// The public header's menus: every link leads to a page a visitor can read without signing in
// (a product's public description, not the signed-in feature, which would only ask to sign in).

export type NavLink = { label: string; to: string; description?: string };
export type NavMenu = { label: string; links: NavLink[] };

export const PUBLIC_MENUS: NavMenu[] = [
  {
    label: 'Personal Banking',
    links: [
      {
        label: 'Checking & Savings',
        to: '/personal-banking',
        description: 'Accounts built for everyday life',
      },
      {
        label: 'Credit & Debit Cards',
        to: '/personal-banking#cards',
        description: 'Rewards and travel cards',
      },
      {
        label: 'Investments',
        to: '/personal-banking#investments',
        description: 'CDs and money market accounts',
      },
      { label: 'Online Banking', to: '/login', description: 'Sign in to your accounts' },
    ],
  },
  {
    label: 'Business Banking',
    links: [
      {
        label: 'Business Accounts',
        to: '/business-banking',
        description: 'Checking, savings and cash management',
      },
      {
        label: 'Wire Transfers',
        to: '/business-banking#cash-management',
        description: 'Domestic and international wires',
      },
      {
        label: 'Business Bill Pay',
        to: '/business-banking#cash-management',
        description: 'Pay vendors on schedule',
      },
    ],
  },
  {
    label: 'Loans & Credit',
    links: [
      { label: 'All Loans', to: '/loans', description: 'Home, auto, personal and more' },
      {
        label: 'Payment Calculator',
        to: '/loans#calculator',
        description: 'Estimate a monthly payment',
      },
      { label: 'How to Apply', to: '/loans-info', description: 'What you need to get started' },
      { label: 'Credit Cards', to: '/personal-banking#cards', description: 'Compare our cards' },
    ],
  },
  {
    label: 'Services',
    links: [
      { label: 'All Services', to: '/services', description: 'Everything we offer' },
      { label: 'Bill Pay', to: '/services#core', description: 'Pay bills from one place' },
      { label: 'Zelle®', to: '/services#core', description: 'Send money to people you know' },
      { label: 'Wire Transfers', to: '/services#core', description: 'Move large sums securely' },
      { label: 'Insurance', to: '/insurance-info', description: 'Auto, home, life and business' },
    ],
  },
  {
    label: 'About',
    links: [
      { label: 'Our Story', to: '/about', description: 'Serving the bay since 1952' },
      { label: 'Home', to: '/', description: 'Back to the front page' },
      { label: 'Security Center', to: '/security', description: 'How we protect you' },
    ],
  },
  {
    label: 'Contact',
    links: [
      { label: 'Contact Us', to: '/contact', description: 'Call, write or visit' },
      {
        label: 'Branch Locations',
        to: '/contact#locations',
        description: 'Find a branch near you',
      },
      { label: 'Customer Support', to: '/contact', description: 'Help with your accounts' },
    ],
  },
];
