import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, type ComponentType } from 'react';
import {
  matchRoutes,
  Navigate,
  Outlet,
  useLocation,
  useRoutes,
  type RouteObject,
} from 'react-router-dom';
import { PageSpinner } from '@/components/ui/feedback';
import { dashboardQueryOptions } from '@/features/dashboard/api/dashboard-query';
import { useAuth } from '@/lib/auth';
import { lazyRoute } from '@/lib/lazy-route';
import { decideAccess, ONLINE_BANKING_ALIASES, type RouteAccess } from './guards';
// The public site's header and footer load with the public pages (the dashboard does not
// download them); their styles stay in the first stylesheet, which the signed-in drawer and the
// error view share.
import './layouts/public-layout.css';
import { RouteErrorBoundary } from './route-error';
import { ScrollToTop } from './scroll-to-top';

// Every route of the app (docs/product.md) with its guard. Pages are lazily loaded chunks.
// The routes render through useRoutes inside a BrowserRouter: the data router
// (createBrowserRouter) adds loaders, actions and fetchers the app does not use, about 20 KB gzip
// of code every first screen would download before it shows.

/** What a route needs before it can paint: its code, and the data it shows first. */
type RouteNeeds = {
  preload(): Promise<unknown>;
  prefetch?(client: QueryClient): Promise<unknown>;
};

/**
 * Fetches the code (and first data) of the page being opened and of its layout at the same time,
 * and for a signed-in page at the same time as the sign-in check (GET /user), rather than one
 * after the other: the layout, the page and its data would otherwise each wait for the previous
 * round trip.
 */
function usePreloadPage(enabled: boolean) {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname) ?? [], [pathname]);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    for (const match of matches) {
      const needs = match.route.handle as RouteNeeds | undefined;
      // A failed load shows up (and can be retried) when the page renders; nothing to do here.
      needs?.preload().catch(() => {});
      needs?.prefetch?.(queryClient).catch(() => {});
    }
  }, [enabled, matches, queryClient]);
}

function Guard({ access }: { access: RouteAccess }) {
  const { status } = useAuth();
  const decision = decideAccess(access, status);
  usePreloadPage(
    decision.type === 'render' || (access === 'signed-in' && decision.type === 'wait'),
  );
  if (decision.type === 'wait') return <PageSpinner label="Checking your sign-in status" />;
  if (decision.type === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function page(Component: ComponentType<any>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  );
}

// The signed-in shell (sidebar, search, notifications) loads only for signed-in visitors.
const AppShell = lazyRoute(() =>
  import('./layouts/app-shell').then((m) => ({ default: m.AppShell })),
);
const PublicLayout = lazyRoute(() =>
  import('./layouts/public-layout').then((m) => ({ default: m.PublicLayout })),
);

/** Open pages (loans, services...) keep a signed-in customer inside the online-banking shell. */
function OpenPageLayout() {
  const { status } = useAuth();
  return page(status === 'authenticated' ? AppShell : PublicLayout);
}

const pages = {
  home: lazyRoute(() => import('@/features/public-site/routes/home')),
  about: lazyRoute(() => import('@/features/public-site/routes/about')),
  personalBanking: lazyRoute(() => import('@/features/public-site/routes/personal-banking')),
  businessBanking: lazyRoute(() => import('@/features/public-site/routes/business-banking')),
  contact: lazyRoute(() => import('@/features/public-site/routes/contact')),
  insuranceInfo: lazyRoute(() => import('@/features/public-site/routes/insurance-info')),
  services: lazyRoute(() => import('@/features/public-site/routes/services')),
  loans: lazyRoute(() => import('@/features/public-site/routes/loans')),
  loansInfo: lazyRoute(() => import('@/features/public-site/routes/loans-info')),
  privacy: lazyRoute(() => import('@/features/public-site/routes/privacy')),
  terms: lazyRoute(() => import('@/features/public-site/routes/terms')),
  security: lazyRoute(() => import('@/features/public-site/routes/security')),
  accessibility: lazyRoute(() => import('@/features/public-site/routes/accessibility')),
  disclosures: lazyRoute(() => import('@/features/public-site/routes/disclosures')),
  sitemap: lazyRoute(() => import('@/features/public-site/routes/sitemap')),
  login: lazyRoute(() => import('@/features/auth/routes/login')),
  register: lazyRoute(() => import('@/features/auth/routes/register')),
  forgotPassword: lazyRoute(() => import('@/features/auth/routes/forgot-password')),
  resetPassword: lazyRoute(() => import('@/features/auth/routes/reset-password')),
  dashboard: lazyRoute(() => import('@/features/dashboard/routes/dashboard')),
  accounts: lazyRoute(() => import('@/features/accounts/routes/accounts')),
  openBusinessAccount: lazyRoute(() => import('@/features/accounts/routes/open-business-account')),
  receipt: lazyRoute(() => import('@/features/receipts/routes/receipt')),
  insights: lazyRoute(() => import('@/features/insights/routes/insights')),
  notifications: lazyRoute(() => import('@/features/notifications/routes/notifications')),
  transfer: lazyRoute(() => import('@/features/transfer/routes/transfer')),
  zelle: lazyRoute(() => import('@/features/zelle/routes/zelle')),
  wireTransfer: lazyRoute(() => import('@/features/wire-transfer/routes/wire-transfer')),
  cryptoTrading: lazyRoute(() => import('@/features/crypto-trading/routes/crypto-trading')),
  cards: lazyRoute(() => import('@/features/cards/routes/cards')),
  billPay: lazyRoute(() => import('@/features/bill-pay/routes/bill-pay')),
  support: lazyRoute(() => import('@/features/support/routes/support')),
  profile: lazyRoute(() => import('@/features/profile/routes/profile')),
  investments: lazyRoute(() => import('@/features/coming-soon/routes/investments')),
  marketAnalysis: lazyRoute(() => import('@/features/coming-soon/routes/market-analysis')),
  deposit: lazyRoute(() => import('@/features/deposit/routes/deposit')),
  insurance: lazyRoute(() => import('@/features/insurance/routes/insurance')),
};

type LazyPage = ComponentType & { preload(): Promise<unknown> };

/** The pages the build pre-renders (frontend/prerender.ts), by path. */
const PRERENDERED: Record<string, LazyPage> = { '/': pages.home, '/login': pages.login };

/** Loads the code of the pre-rendered page at this path and of its layout, if it is one. */
export function preloadPrerenderedPage(pathname: string): Promise<unknown> {
  const prerendered = PRERENDERED[pathname];
  return prerendered
    ? Promise.all([PublicLayout.preload(), prerendered.preload()])
    : Promise.resolve();
}

/** A lazily loaded page or layout, whose code its guard fetches beside the others'. */
function lazyPage(component: LazyPage, prefetch?: RouteNeeds['prefetch']) {
  return {
    element: page(component),
    handle: { preload: component.preload, prefetch } satisfies RouteNeeds,
  };
}

function signedInPage(
  path: string,
  component: LazyPage,
  prefetch?: RouteNeeds['prefetch'],
): RouteObject {
  return { path, ...lazyPage(component, prefetch) };
}

/**
 * Addresses a customer may type or have bookmarked for a page that lives elsewhere. Each lands on
 * the page's own address (which then applies that page's guard), so only one address stays in use.
 */
const REDIRECTS: Record<string, string> = {
  crypto: '/crypto-trading',
  settings: '/profile',
  'account-settings': '/profile',
};

/** Replaces the address with the page's own, keeping its query (a tab, say) and its anchor. */
function RedirectTo({ pathname }: { pathname: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname, search, hash }} replace />;
}

export const redirectRoutes: RouteObject[] = Object.entries(REDIRECTS).map(([path, to]) => ({
  path,
  element: <RedirectTo pathname={to} />,
}));

// The dashboard's figures are its largest paint: ask for them while the session is checked.
const prefetchDashboard = (client: QueryClient) => client.prefetchQuery(dashboardQueryOptions());

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <ScrollToTop />
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // The guard comes first: it fetches the layout's code and the page's at once.
        element: <Guard access="signed-out-only" />,
        children: [
          {
            ...lazyPage(PublicLayout),
            children: [
              { index: true, ...lazyPage(pages.home) },
              { path: 'about', ...lazyPage(pages.about) },
              { path: 'personal-banking', ...lazyPage(pages.personalBanking) },
              { path: 'business-banking', ...lazyPage(pages.businessBanking) },
              { path: 'contact', ...lazyPage(pages.contact) },
              { path: 'login', ...lazyPage(pages.login) },
              { path: 'register', ...lazyPage(pages.register) },
            ],
          },
        ],
      },
      {
        element: <Guard access="open" />,
        children: [
          {
            element: <OpenPageLayout />,
            children: [
              { path: 'insurance-info', ...lazyPage(pages.insuranceInfo) },
              { path: 'services', ...lazyPage(pages.services) },
              { path: 'loans', ...lazyPage(pages.loans) },
              { path: 'loans-info', ...lazyPage(pages.loansInfo) },
              { path: 'forgot-password', ...lazyPage(pages.forgotPassword) },
              { path: 'reset-password', ...lazyPage(pages.resetPassword) },
              { path: 'privacy', ...lazyPage(pages.privacy) },
              { path: 'terms', ...lazyPage(pages.terms) },
              { path: 'security', ...lazyPage(pages.security) },
              { path: 'accessibility', ...lazyPage(pages.accessibility) },
              { path: 'disclosures', ...lazyPage(pages.disclosures) },
              { path: 'sitemap', ...lazyPage(pages.sitemap) },
            ],
          },
        ],
      },
      ...ONLINE_BANKING_ALIASES.map((path) => ({
        path: path.slice(1),
        element: <Guard access="online-banking" />,
      })),
      {
        element: <Guard access="signed-in" />,
        children: [
          {
            ...lazyPage(AppShell),
            children: [
              signedInPage('dashboard', pages.dashboard, prefetchDashboard),
              signedInPage('accounts', pages.accounts),
              signedInPage('accounts/open-business', pages.openBusinessAccount),
              signedInPage('transactions/:transactionId', pages.receipt),
              signedInPage('insights', pages.insights),
              signedInPage('notifications', pages.notifications),
              signedInPage('transfer', pages.transfer),
              signedInPage('zelle', pages.zelle),
              signedInPage('wire-transfer', pages.wireTransfer),
              signedInPage('crypto-trading', pages.cryptoTrading),
              signedInPage('cards', pages.cards),
              signedInPage('bill-pay', pages.billPay),
              signedInPage('support', pages.support),
              signedInPage('profile', pages.profile),
              signedInPage('investments', pages.investments),
              signedInPage('market-analysis', pages.marketAnalysis),
              signedInPage('deposit', pages.deposit),
              signedInPage('insurance', pages.insurance),
            ],
          },
        ],
      },
      ...redirectRoutes,
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page at the current location, inside its layouts (within a BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
