import { Briefcase, Car, HeartHandshake, Home } from 'lucide-react';
import { QuoteForm } from '../components/quote-form';
import { FeatureGrid, Hero, HeroActions, PublicPage, Section } from '../components/sections';

export default function InsuranceInfoRoute() {
  return (
    <PublicPage title="Insurance">
      <Hero
        compact
        eyebrow="Harborview Insurance Services"
        title="Protect what matters most"
        lead="Auto, home, life and business coverage from trusted carriers, quoted by licensed agents who live in your community."
        actions={
          <HeroActions
            primary={{ to: '/insurance-info#quote', label: 'Get a quote' }}
            secondary={{ to: '/contact', label: 'Talk to an agent' }}
          />
        }
      />
      <Section id="coverage" eyebrow="Coverage" title="Insurance for every part of life">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Car,
              title: 'Auto',
              figure: '$49',
              figureLabel: '/month from',
              text: 'Liability, collision and comprehensive, with multi-car discounts.',
              points: ['Roadside assistance', 'Rental reimbursement'],
            },
            {
              icon: Home,
              title: 'Home',
              figure: '$89',
              figureLabel: '/month from',
              text: 'Dwelling, belongings and liability for owners and renters.',
              points: ['Replacement cost', 'Bundle with auto'],
            },
            {
              icon: HeartHandshake,
              title: 'Life',
              figure: '$25',
              figureLabel: '/month from',
              text: 'Term and whole life to protect your family’s future.',
              points: ['10–30 year terms', 'Simple underwriting'],
            },
            {
              icon: Briefcase,
              title: 'Business',
              figure: '$199',
              figureLabel: '/month from',
              text: 'General liability, property and workers’ compensation.',
              points: ['Business owner policies', 'Commercial auto'],
            },
          ]}
        />
      </Section>
      <Section
        id="quote"
        tone="tint"
        eyebrow="Free quote"
        title="Get a quote in minutes"
        intro="Tell us a little about what you need. There is no obligation."
      >
        <QuoteForm />
        <p className="muted fine-print">
          Insurance products are not deposits, not FDIC insured, not guaranteed by the bank and may
          lose value.
        </p>
      </Section>
    </PublicPage>
  );
}
