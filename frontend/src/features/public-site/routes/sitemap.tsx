import { Link } from 'react-router-dom';
import { Hero, PublicPage } from '../components/sections';

const GROUPS = [
  {
    title: 'Banking',
    links: [
      ['Home', '/'],
      ['Personal Banking', '/personal-banking'],
      ['Business Banking', '/business-banking'],
      ['Loans', '/loans'],
      ['How to Apply', '/loans-info'],
      ['Insurance', '/insurance-info'],
      ['Services', '/services'],
    ],
  },
  {
    title: 'About',
    links: [
      ['About Us', '/about'],
      ['Contact Us', '/contact'],
      ['Branch Locations', '/contact#locations'],
      ['Careers', '/about#careers'],
    ],
  },
  {
    title: 'Online Banking',
    links: [
      ['Sign In', '/login'],
      ['Open an Account', '/register'],
      ['Forgot Password', '/forgot-password'],
      ['Dashboard', '/dashboard'],
      ['Accounts', '/accounts'],
      ['Transfers', '/transfer'],
      ['Bill Pay', '/bill-pay'],
      ['Zelle®', '/zelle'],
      ['Cards', '/cards'],
      ['Support', '/support'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Security Center', '/security'],
      ['Accessibility', '/accessibility'],
      ['Disclosures', '/disclosures'],
    ],
  },
];

export default function SitemapRoute() {
  return (
    <PublicPage title="Sitemap">
      <Hero
        compact
        eyebrow="Harborview Community Bank"
        title="Sitemap"
        lead="Every page on our site in one place."
      />
      <div className="container section">
        <div className="sitemap">
          {GROUPS.map((g) => (
            <nav key={g.title} aria-label={g.title}>
              <h2>{g.title}</h2>
              <ul role="list">
                {g.links.map(([label, to]) => (
                  <li key={to}>
                    <Link to={to!}>{label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
    </PublicPage>
  );
}
