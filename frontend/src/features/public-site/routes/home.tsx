import {
  Briefcase,
  Building2,
  CalendarClock,
  Eye,
  HandCoins,
  HandHeart,
  Landmark,
  Lock,
  MonitorSmartphone,
  PiggyBank,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import {
  CtaBand,
  FeatureGrid,
  Hero,
  PublicPage,
  Section,
  StatBand,
  Testimonials,
} from '../components/sections';
import { HOME_TESTIMONIALS } from '../content/testimonials';

const NEWS = [
  {
    date: 'October 2025',
    title: 'Harborview opens its 25th branch in Cedar Falls',
    text: 'A full-service branch with drive-through, safe deposit boxes and Saturday hours.',
  },
  {
    date: 'September 2025',
    title: 'Named a Top Community Lender for the fifth year',
    text: 'Recognized for small-business and agricultural lending around the bay.',
  },
  {
    date: 'August 2025',
    title: 'New fraud alerts in online banking',
    text: 'Real-time card alerts and one-tap card lock are now available to every customer.',
  },
];

export default function HomeRoute() {
  return (
    <PublicPage title="Home">
      <Hero
        eyebrow="Member FDIC · Serving the Harbor Bay region since 1952"
        title="Banking that knows your name."
        lead="For more than seventy years, Harborview Community Bank has helped families, farms and businesses save, borrow and grow — with real people in 25 branches and online banking that works wherever you are."
        actions={
          <>
            <ButtonLink
              to="/online-banking"
              variant="accent"
              size="lg"
              icon={<Lock size={18} aria-hidden="true" />}
            >
              Online Access
            </ButtonLink>
            <ButtonLink to="/register" variant="inverse" size="lg">
              Open account
            </ButtonLink>
          </>
        }
        aside={
          <>
            <h2 className="card__title">Today’s featured rates</h2>
            <dl className="rate-list">
              <div>
                <dt>High-Yield Savings</dt>
                <dd>4.25% APY</dd>
              </div>
              <div>
                <dt>Home loans from</dt>
                <dd>6.25% APR</dd>
              </div>
              <div>
                <dt>Auto loans from</dt>
                <dd>4.99% APR</dd>
              </div>
              <div>
                <dt>Premium Checking</dt>
                <dd>$0 monthly fee</dd>
              </div>
            </dl>
            <p className="hero__fine">
              Rates as of today; subject to change. <Link to="/disclosures">See disclosures</Link>.
            </p>
          </>
        }
      />

      <div className="container stats-wrap">
        <StatBand
          label="Harborview in numbers"
          stats={[
            { value: 50000, suffix: '+', label: 'Customers' },
            { value: 2.5, decimals: 1, prefix: '$', suffix: 'B+', label: 'In assets' },
            { value: 25, suffix: '+', label: 'Branches' },
            { value: 99.9, decimals: 1, suffix: '%', label: 'Customer satisfaction' },
          ]}
        />
      </div>

      <Section
        id="services"
        eyebrow="What we do"
        title="Everything your money needs, under one roof"
        intro="From a child’s first savings account to a family farm’s equipment loan, we keep decisions local and advice personal."
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Wallet,
              title: 'Personal Banking',
              text: 'Checking, savings, money market and CDs with fair, plainly stated fees.',
              link: { to: '/personal-banking', label: 'Explore personal banking' },
            },
            {
              icon: Briefcase,
              title: 'Business Banking',
              text: 'Accounts, lending, merchant services and cash management for local businesses.',
              link: { to: '/business-banking', label: 'Explore business banking' },
            },
            {
              icon: Landmark,
              title: 'Loans & Credit',
              text: 'Mortgages, auto, personal and home equity loans decided right here around the bay.',
              link: { to: '/loans', label: 'Explore loans' },
            },
            {
              icon: MonitorSmartphone,
              title: 'Digital Banking',
              text: 'Pay bills, send money with Zelle®, wire funds and manage cards online.',
              link: { to: '/services', label: 'See our services' },
            },
          ]}
        />
      </Section>

      <Section
        id="why"
        tone="tint"
        eyebrow="Why Harborview"
        title="A bank that is part of the neighborhood"
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Users,
              title: 'Local decisions',
              text: 'Loan officers who live here decide here — usually within 24 hours.',
            },
            {
              icon: HandCoins,
              title: 'Fair, simple fees',
              text: 'No monthly fee on Premium Checking and no minimum to open checking.',
            },
            {
              icon: CalendarClock,
              title: 'Real people, real hours',
              text: 'Branches open Saturdays; call and talk to a banker, not a menu.',
            },
            {
              icon: HandHeart,
              title: 'Money that stays local',
              text: 'Deposits fund homes and businesses in the communities we serve.',
            },
          ]}
        />
      </Section>

      <Section
        id="testimonials"
        eyebrow="In their words"
        title="Trusted by neighbors for generations"
      >
        <Testimonials items={HOME_TESTIMONIALS} />
      </Section>

      <Section id="news" tone="tint" eyebrow="News" title="Around the bank">
        <ul role="list" className="feature-grid feature-grid--3">
          {NEWS.map((n) => (
            <li key={n.title} className="feature">
              <p className="news-date">{n.date}</p>
              <h3 className="feature__title">{n.title}</h3>
              <p className="feature__text">{n.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="community"
        eyebrow="Community impact"
        title="Invested in the Harbor Bay region"
        intro="Every year we give back a share of our earnings and thousands of volunteer hours."
      >
        <ul role="list" className="stats">
          <li className="stat">
            <span className="stat__value">$4.2M</span>
            <span className="stat__label">Donated to local causes since 2015</span>
          </li>
          <li className="stat">
            <span className="stat__value">12,000</span>
            <span className="stat__label">Employee volunteer hours a year</span>
          </li>
          <li className="stat">
            <span className="stat__value">340</span>
            <span className="stat__label">Small-business loans last year</span>
          </li>
          <li className="stat">
            <span className="stat__value">60</span>
            <span className="stat__label">Student scholarships awarded</span>
          </li>
        </ul>
      </Section>

      <Section
        id="security"
        tone="dark"
        eyebrow="Security"
        title="Your money is protected, around the clock"
      >
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: ShieldCheck,
              title: 'FDIC insured',
              text: 'Deposits are insured by the FDIC up to $250,000 per depositor, per ownership category.',
            },
            {
              icon: Eye,
              title: '24/7 monitoring',
              text: 'Our fraud team and systems watch for unusual activity day and night.',
            },
            {
              icon: Smartphone,
              title: 'Secure mobile app',
              text: 'Encrypted sessions, automatic sign-out and instant card lock from your phone.',
            },
            {
              icon: Lock,
              title: 'Zero liability',
              text: 'You are not responsible for unauthorized card purchases you report promptly.',
            },
          ]}
        />
        <p className="section-link">
          <Link to="/security">Visit our Security Center</Link>
        </p>
      </Section>

      <Section id="digital" eyebrow="Digital banking" title="The branch in your pocket">
        <div className="two-col">
          <ul role="list" className="checklist checklist--lg">
            <li>✓ Check balances and transactions in real time</li>
            <li>✓ Transfer between accounts or to other banks</li>
            <li>✓ Send money to friends with Zelle®</li>
            <li>✓ Pay and schedule bills, including AutoPay</li>
            <li>✓ Lock a lost card and set spending limits</li>
            <li>✓ Export transactions to CSV for your budget</li>
          </ul>
          <div className="form-card">
            <h3>Already a customer?</h3>
            <p className="muted">Sign in with your 12-digit account number.</p>
            <ButtonLink to="/login" block>
              Sign in to Online Banking
            </ButtonLink>
          </div>
        </div>
      </Section>

      <Section
        id="accounts"
        tone="tint"
        eyebrow="Open an account"
        title="Pick the account that fits"
      >
        <FeatureGrid
          items={[
            {
              icon: PiggyBank,
              title: 'High-Yield Savings',
              figure: '4.25%',
              figureLabel: 'APY',
              text: 'Grow your savings with a competitive rate and no monthly fee.',
              points: ['$100 to open', 'FDIC insured', 'Free transfers to checking'],
              link: { to: '/register', label: 'Open account' },
              badge: 'Most popular',
            },
            {
              icon: Wallet,
              title: 'Premium Checking',
              figure: '$0',
              figureLabel: 'monthly fee',
              text: 'Everyday checking with a debit card, bill pay and Zelle® included.',
              points: ['$0 to open', 'Nationwide ATM refunds', 'Overdraft protection'],
              link: { to: '/register', label: 'Open account' },
            },
            {
              icon: TrendingUp,
              title: 'Investment Account',
              figure: '$0',
              figureLabel: 'to open',
              text: 'An account of its own for money set aside for the longer term, opened with your checking, savings and money market accounts.',
              points: [
                'Included when you open an account',
                'Free, instant transfers from checking',
                '$25 monthly fee',
              ],
              link: { to: '/register', label: 'Open account' },
            },
          ]}
        />
      </Section>

      <CtaBand
        title="Ready to bank local?"
        text="Open an account online in about five minutes, or visit any of our 25 branches."
      >
        <ButtonLink to="/register">Open an account</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          <Building2 size={18} aria-hidden="true" /> Find a branch
        </ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
