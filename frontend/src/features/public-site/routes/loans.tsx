import {
  Briefcase,
  Car,
  GraduationCap,
  Hammer,
  Home,
  House,
  Lock,
  Percent,
  Timer,
  UserCheck,
  Wallet,
} from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { LoanCalculator } from '../components/loan-calculator';
import {
  CtaBand,
  FeatureGrid,
  Hero,
  HeroActions,
  PublicPage,
  Section,
  Testimonials,
} from '../components/sections';
import { LOAN_TESTIMONIALS } from '../content/testimonials';

export default function LoansRoute() {
  return (
    <PublicPage title="Loans">
      <Hero
        compact
        eyebrow="Loans & credit"
        title="Borrow with confidence, decided close to home"
        lead="Competitive rates, clear terms and a loan officer who answers your call. Most decisions are made within 24 hours."
        actions={
          <HeroActions
            primary={{ to: '/loans-info', label: 'How to apply' }}
            secondary={{ to: '/loans#calculator', label: 'Estimate a payment' }}
          />
        }
      />
      <Section id="products" eyebrow="Our loans" title="Main loan products">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Home,
              title: 'Home Mortgage',
              figure: '6.25%',
              figureLabel: 'APR from',
              text: 'Fixed and adjustable rates, up to $2,000,000, serviced locally.',
            },
            {
              icon: Car,
              title: 'Auto Loan',
              figure: '4.99%',
              figureLabel: 'APR from',
              text: 'New, used and refinance up to $150,000 with terms to 84 months.',
            },
            {
              icon: Wallet,
              title: 'Personal Loan',
              figure: '7.99%',
              figureLabel: 'APR from',
              text: 'Up to $50,000 for consolidation, projects or the unexpected.',
            },
            {
              icon: House,
              title: 'Home Equity',
              figure: '5.75%',
              figureLabel: 'APR from',
              text: 'Loans and lines of credit up to 90% loan-to-value.',
            },
          ]}
        />
      </Section>
      <Section id="specialty" tone="tint" eyebrow="Specialty lending" title="Specialty loans">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Briefcase,
              title: 'Business Loan',
              figure: '6.99%',
              figureLabel: 'APR from',
              text: 'Equipment, real estate and working capital.',
            },
            {
              icon: GraduationCap,
              title: 'Student Loan',
              figure: '5.99%',
              figureLabel: 'APR from',
              text: 'Private student loans and refinancing.',
            },
            {
              icon: Hammer,
              title: 'Construction Loan',
              figure: '7.25%',
              figureLabel: 'APR from',
              text: 'Build your home with one close and interest-only draws.',
            },
            {
              icon: Lock,
              title: 'Savings-Secured Loan',
              figure: '3.99%',
              figureLabel: 'APR from',
              text: 'Build credit borrowing against your own savings.',
            },
          ]}
        />
      </Section>
      <Section
        id="calculator"
        eyebrow="Plan ahead"
        title="Loan payment calculator"
        intro="Enter an amount, a rate and a term to estimate your monthly principal and interest."
      >
        <LoanCalculator />
      </Section>
      <Section id="benefits" tone="tint" eyebrow="Benefits" title="Why borrow with Harborview">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Timer,
              title: 'Fast decisions',
              text: 'Most applications reviewed within 24 hours.',
            },
            {
              icon: Percent,
              title: 'Relationship discounts',
              text: 'Save 0.25% with automatic payments from a Harborview account.',
            },
            {
              icon: UserCheck,
              title: 'Local servicing',
              text: 'Your loan stays here; you talk to the same team for its life.',
            },
            {
              icon: Home,
              title: 'No prepayment penalty',
              text: 'Pay off early whenever you like on consumer loans.',
            },
          ]}
        />
      </Section>
      <Section id="process" eyebrow="How it works" title="Four steps to your loan">
        <ol role="list" className="steps-list">
          <li>
            <h3>Apply</h3>
            <p className="muted">Apply online, by phone or at a branch in about 15 minutes.</p>
          </li>
          <li>
            <h3>Review</h3>
            <p className="muted">
              A loan officer reviews your application, usually within 24 hours.
            </p>
          </li>
          <li>
            <h3>Approve</h3>
            <p className="muted">Receive your decision with clear terms and no hidden fees.</p>
          </li>
          <li>
            <h3>Fund</h3>
            <p className="muted">Sign and receive funds, often the same week.</p>
          </li>
        </ol>
      </Section>
      <Section
        id="testimonials"
        tone="tint"
        eyebrow="Customer stories"
        title="Borrowers we have helped"
      >
        <Testimonials items={LOAN_TESTIMONIALS} />
      </Section>
      <CtaBand
        title="Ready to get started?"
        text="Learn what you need to apply, or talk to a loan officer today."
      >
        <ButtonLink to="/loans-info">How to apply</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Talk to a loan officer
        </ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
