import {
  Banknote,
  Building,
  Building2,
  Calculator,
  ClipboardCheck,
  CreditCard,
  Factory,
  FileSpreadsheet,
  HeartPulse,
  Landmark,
  PiggyBank,
  Repeat,
  ShieldCheck,
  ShoppingCart,
  Store,
  Tractor,
  TrendingUp,
  Truck,
  Wallet,
  Wheat,
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
import { BUSINESS_TESTIMONIALS } from '../content/testimonials';

/**
 * Online registration opens personal accounts only: a business account is opened with a banker,
 * so every business call to action books one, with the business subject already chosen.
 */
const BUSINESS_BANKER = '/contact?subject=business#appointment';

export default function BusinessBankingRoute() {
  return (
    <PublicPage title="Business Banking">
      <Hero
        compact
        eyebrow="Business banking"
        title="A banking partner for Main Street"
        lead="Accounts, lending, merchant services and treasury tools for the businesses that keep the Harbor Bay region running — with a relationship manager who knows your name."
        actions={
          <HeroActions
            primary={{ to: BUSINESS_BANKER, label: 'Talk to a business banker' }}
            secondary={{ to: '/business-banking#accounts', label: 'Compare business accounts' }}
          />
        }
      />
      <Section id="accounts" eyebrow="Accounts" title="Business accounts">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Wallet,
              title: 'Business Checking',
              figure: '$100',
              figureLabel: 'to open',
              text: '300 free transactions a month and free online banking.',
            },
            {
              icon: PiggyBank,
              title: 'Business Savings',
              figure: '$500',
              figureLabel: 'to open',
              text: 'Earn interest on reserves with easy transfers to checking.',
            },
            {
              icon: TrendingUp,
              title: 'Business Money Market',
              figure: 'Up to 4.25%',
              figureLabel: 'APY',
              text: '$10,000 to open; $15 monthly fee waived with a $25,000 balance.',
            },
            {
              icon: Landmark,
              title: 'Business CD',
              figure: '$5,000',
              figureLabel: 'to open',
              text: 'Fixed rates for idle cash, terms from 3 months to 5 years.',
            },
          ]}
        />
      </Section>
      <Section id="lending" tone="tint" eyebrow="Lending" title="Business lending">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Truck,
              title: 'Equipment Financing',
              figure: 'up to $5M',
              text: 'Vehicles, machinery and technology from 6.99% APR.',
            },
            {
              icon: Building,
              title: 'Commercial Real Estate',
              figure: 'up to $10M',
              text: 'Purchase, build or refinance owner-occupied and investment property.',
            },
            {
              icon: Repeat,
              title: 'Business Line of Credit',
              figure: 'up to $2M',
              text: 'Flexible working capital; pay interest only on what you use.',
            },
            {
              icon: Landmark,
              title: 'SBA Loans',
              figure: 'up to $5M',
              text: 'Preferred SBA lender for 7(a) and 504 loans.',
            },
          ]}
        />
      </Section>
      <Section id="merchant" eyebrow="Merchant services" title="Get paid, faster">
        <FeatureGrid
          items={[
            {
              icon: CreditCard,
              title: 'Card processing',
              text: 'Transparent interchange-plus pricing and next-day funding.',
            },
            {
              icon: ShoppingCart,
              title: 'Online payments',
              text: 'Secure checkout for your web store and invoices.',
            },
            {
              icon: Store,
              title: 'Point of sale',
              text: 'Countertop and mobile terminals with tap-to-pay.',
            },
          ]}
        />
      </Section>
      <Section id="cash-management" tone="tint" eyebrow="Treasury" title="Cash management tools">
        <FeatureGrid
          items={[
            {
              icon: Banknote,
              title: 'ACH origination',
              text: 'Run payroll and collect payments with same-day ACH.',
            },
            {
              icon: ShieldCheck,
              title: 'Positive pay',
              text: 'Stop check and ACH fraud before it clears.',
            },
            {
              icon: Landmark,
              title: 'Wire transfers',
              text: 'Domestic and international wires from online banking.',
            },
            {
              icon: Repeat,
              title: 'Sweep accounts',
              text: 'Move excess balances automatically to earn more.',
            },
            {
              icon: FileSpreadsheet,
              title: 'Remote deposit',
              text: 'Scan checks at your office and deposit without a trip.',
            },
            {
              icon: ClipboardCheck,
              title: 'Account reconciliation',
              text: 'Daily reports that match your books.',
            },
          ]}
        />
      </Section>
      <Section id="industries" eyebrow="Industry solutions" title="We know your industry">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Wheat,
              title: 'Agriculture',
              text: 'Operating lines, land and equipment loans timed to your seasons.',
            },
            {
              icon: HeartPulse,
              title: 'Healthcare',
              text: 'Practice acquisition loans and patient payment solutions.',
            },
            {
              icon: Factory,
              title: 'Manufacturing',
              text: 'Equipment finance and working capital for growth.',
            },
            {
              icon: Building2,
              title: 'Nonprofits',
              text: 'Reduced fees and grant-friendly account structures.',
            },
          ]}
        />
      </Section>
      <Section id="benefits" tone="tint" eyebrow="Benefits" title="Why businesses choose us">
        <FeatureGrid
          items={[
            {
              icon: Calculator,
              title: 'Local decisions',
              text: 'Credit decisions made here, often within days, not weeks.',
            },
            {
              icon: Tractor,
              title: 'Relationship managers',
              text: 'One banker who knows your business from end to end.',
            },
            {
              icon: ShieldCheck,
              title: 'Fraud protection',
              text: 'Dual approval, alerts and positive pay built in.',
            },
          ]}
        />
      </Section>
      <Section id="testimonials" eyebrow="Customer stories" title="Trusted by local businesses">
        <Testimonials items={BUSINESS_TESTIMONIALS} />
      </Section>
      <CtaBand
        title="Let’s grow your business together"
        text="Schedule a meeting with a relationship manager at the branch or by video."
      >
        <ButtonLink to={BUSINESS_BANKER}>Schedule a meeting</ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
