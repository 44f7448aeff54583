import {
  ArrowLeftRight,
  CreditCard,
  Headset,
  Landmark,
  Lock,
  MonitorSmartphone,
  Receipt,
  Send,
  Shield,
  ShieldCheck,
  Users,
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
import { SERVICES_TESTIMONIALS } from '../content/testimonials';

export default function ServicesRoute() {
  return (
    <PublicPage title="Services">
      <Hero
        compact
        eyebrow="Services"
        title="Banking services that save you time"
        lead="Manage money your way — online, on your phone or at the branch — with the tools you expect from a modern bank and the service you expect from a neighbor."
        actions={
          <HeroActions
            primary={{ to: '/login', label: 'Sign in' }}
            secondary={{ to: '/register', label: 'Open an account' }}
          />
        }
      />
      <Section id="core" eyebrow="Core services" title="Everyday banking, done right">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: MonitorSmartphone,
              title: 'Online Banking',
              text: 'Balances, history, statements and CSV export, 24/7.',
              link: { to: '/login', label: 'Sign in' },
            },
            {
              icon: Receipt,
              title: 'Bill Pay',
              text: 'Pay anyone in the U.S., schedule payments and set up AutoPay.',
              link: { to: '/bill-pay', label: 'Go to Bill Pay' },
            },
            {
              icon: Landmark,
              title: 'Wire Transfers',
              text: 'Domestic, international and SEPA wires with fees shown up front.',
              link: { to: '/wire-transfer', label: 'Go to Wire Transfers' },
            },
            {
              icon: Send,
              title: 'Zelle®',
              text: 'Send and request money with friends in minutes.',
              link: { to: '/zelle', label: 'Go to Zelle' },
            },
          ]}
        />
      </Section>
      <Section id="additional" tone="tint" eyebrow="More services" title="Additional services">
        <FeatureGrid
          items={[
            {
              icon: ArrowLeftRight,
              title: 'Transfers',
              text: 'Move money between your accounts or to another bank.',
              link: { to: '/transfer', label: 'Make a transfer' },
            },
            {
              icon: CreditCard,
              title: 'Card Management',
              text: 'Lock a card, change your PIN and set limits.',
              link: { to: '/cards', label: 'Manage cards' },
            },
            {
              icon: Wallet,
              title: 'Loans',
              text: 'Mortgages, auto, personal and home equity loans.',
              link: { to: '/loans', label: 'Explore loans' },
            },
            {
              icon: Shield,
              title: 'Insurance',
              text: 'Auto, home, life and business coverage.',
              link: { to: '/insurance-info', label: 'Explore insurance' },
            },
            {
              icon: Headset,
              title: 'Customer Support',
              text: 'Open a ticket and follow it to resolution.',
              link: { to: '/support', label: 'Get support' },
            },
            {
              icon: Users,
              title: 'Business Banking',
              text: 'Accounts and cash management for your company.',
              link: { to: '/business-banking', label: 'Explore business banking' },
            },
          ]}
        />
      </Section>
      <Section id="why" eyebrow="Why choose us" title="Modern tools, hometown service">
        <FeatureGrid
          items={[
            {
              icon: ShieldCheck,
              title: 'Secure by design',
              text: 'Encryption, fraud monitoring and automatic session time-outs.',
            },
            {
              icon: Lock,
              title: 'You stay in control',
              text: 'Alerts, card locks and limits you set yourself.',
            },
            {
              icon: Headset,
              title: 'Real help',
              text: 'Email support answered within 24 hours and chat around the clock.',
            },
          ]}
        />
      </Section>
      <Section
        id="testimonials"
        tone="tint"
        eyebrow="Customer stories"
        title="What customers say about our services"
      >
        <Testimonials items={SERVICES_TESTIMONIALS} />
      </Section>
      <CtaBand title="Start banking with us" text="Sign in, open an account, or ask us anything.">
        <ButtonLink to="/login">Sign in</ButtonLink>
        <ButtonLink to="/register" variant="secondary">
          Open an account
        </ButtonLink>
        <ButtonLink to="/contact" variant="ghost">
          Contact us
        </ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
