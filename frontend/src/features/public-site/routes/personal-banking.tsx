import {
  BadgePercent,
  Car,
  CreditCard,
  GraduationCap,
  Home,
  Landmark,
  PiggyBank,
  Plane,
  ShieldCheck,
  Smartphone,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import {
  CtaBand,
  FeatureGrid,
  Hero,
  HeroActions,
  PublicPage,
  Section,
  Testimonials,
} from '../components/sections';
import { PERSONAL_TESTIMONIALS } from '../content/testimonials';

/**
 * What a visitor cannot open online is opened with a banker: cards (no public card pages: /cards
 * is online banking's) and CDs (registration opens checking, savings, money market and an
 * investment account).
 */
const BANKER = '/contact#appointment';

export default function PersonalBankingRoute() {
  return (
    <PublicPage title="Personal Banking">
      <Hero
        compact
        eyebrow="Personal banking"
        title="Accounts that work as hard as you do"
        lead="Free checking, savings up to 4.50% APY, and CDs from 3 months to 5 years — all FDIC insured and backed by people who answer the phone."
        actions={
          <HeroActions
            primary={{ to: '/register', label: 'Open an account' }}
            secondary={{ to: '/login', label: 'Sign in' }}
          />
        }
      />
      <Section id="accounts" eyebrow="Deposit accounts" title="Choose your accounts">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Wallet,
              title: 'Checking',
              figure: '$0',
              figureLabel: 'to open',
              text: 'No monthly fee, free debit card, bill pay and Zelle®.',
              points: [
                '$0 monthly fee',
                'Mobile check deposit (coming soon)',
                'Overdraft protection',
              ],
              link: { to: '/register', label: 'Open checking' },
            },
            {
              icon: PiggyBank,
              title: 'Savings',
              figure: 'Up to 4.50%',
              figureLabel: 'APY',
              text: 'High-yield savings for emergency funds and goals.',
              points: ['$100 to open', 'No monthly fee', 'Automatic transfers'],
              link: { to: '/register', label: 'Open savings' },
            },
            {
              icon: TrendingUp,
              title: 'Money Market',
              figure: 'Up to 3.75%',
              figureLabel: 'APY',
              text: 'Tiered rates with check-writing access.',
              points: ['$2,500 to open', '$10 monthly fee, waivable', 'Tiered interest'],
              link: { to: '/register', label: 'Open money market' },
            },
            {
              icon: Landmark,
              title: 'Certificates of Deposit',
              figure: '3 mo – 5 yr',
              figureLabel: 'terms',
              text: 'Guaranteed fixed rates for the term you choose.',
              points: ['$1,000 to open', 'Fixed rate', 'Opened with a banker'],
              link: { to: BANKER, label: 'Open a CD with a banker' },
            },
          ]}
        />
      </Section>
      <Section
        id="investments"
        tone="tint"
        eyebrow="Savings & investments"
        title="Make your savings grow"
        intro="Combine money market accounts and a CD ladder for higher returns while keeping cash within reach. Our bankers will build a plan with you, free of charge."
      >
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: TrendingUp,
              title: 'CD ladders',
              text: 'Spread deposits across terms so some money matures every few months.',
            },
            {
              icon: PiggyBank,
              title: 'Goal savings',
              text: 'Name a goal, set a target, and track progress in online banking.',
            },
            {
              icon: GraduationCap,
              title: 'Education savings',
              text: 'Start early for college with automatic monthly deposits.',
            },
          ]}
        />
      </Section>
      <Section id="cards" eyebrow="Credit cards" title="Cards with real rewards">
        <FeatureGrid
          columns={2}
          items={[
            {
              icon: CreditCard,
              title: 'Harborview Rewards Card',
              figure: '$0',
              figureLabel: 'annual fee',
              text: '15.99%–25.99% variable APR. Earn 1.5% cash back on every purchase.',
              link: { to: BANKER, label: 'Ask a banker about this card' },
            },
            {
              icon: Plane,
              title: 'Harborview Travel Card',
              figure: '$95',
              figureLabel: 'annual fee',
              text: '17.99%–27.99% variable APR. 3x points on travel and dining, no foreign transaction fees.',
              link: { to: BANKER, label: 'Ask a banker about this card' },
            },
          ]}
        />
      </Section>
      <Section id="loans" tone="tint" eyebrow="Borrowing" title="Loans for life’s big moments">
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: Home,
              title: 'Home loans',
              figure: 'from 6.25%',
              figureLabel: 'APR',
              text: 'Purchase and refinance with local servicing.',
              link: { to: '/loans', label: 'Explore home loans' },
            },
            {
              icon: Car,
              title: 'Auto loans',
              figure: 'from 4.99%',
              figureLabel: 'APR',
              text: 'New and used vehicles up to $150,000.',
              link: { to: '/loans', label: 'Explore auto loans' },
            },
            {
              icon: BadgePercent,
              title: 'Personal loans',
              figure: 'from 7.99%',
              figureLabel: 'APR',
              text: 'Up to $50,000 for projects or consolidation.',
              link: { to: '/loans', label: 'Explore personal loans' },
            },
          ]}
        />
      </Section>
      <Section id="benefits" eyebrow="Benefits" title="Every personal account includes">
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: ShieldCheck,
              title: 'FDIC insurance',
              text: 'Up to $250,000 per depositor, per ownership category.',
            },
            {
              icon: Smartphone,
              title: 'Online & mobile banking',
              text: 'Transfers, bill pay, Zelle® and card controls at no charge.',
            },
            {
              icon: Landmark,
              title: '25 branches',
              text: 'Saturday hours and bankers who know your name.',
            },
          ]}
        />
      </Section>
      <Section
        id="testimonials"
        tone="tint"
        eyebrow="Customer stories"
        title="What our customers say"
      >
        <Testimonials items={PERSONAL_TESTIMONIALS} />
      </Section>
      <CtaBand
        title="Open your account today"
        text="Five minutes online. Four accounts ready at $0.00, no minimum to start checking."
      >
        <ButtonLink to="/register">Open an account</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Talk to a banker
        </ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
