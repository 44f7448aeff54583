import {
  AlertTriangle,
  Building2,
  Clock,
  Headset,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  ShieldCheck,
  Timer,
  UserCheck,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BANK } from '@/components/ui/brand';
import { Alert } from '@/components/ui/feedback';
import type { AppointmentType } from '../api/contact';
import { AppointmentForm, MessageForm } from '../components/contact-forms';
import { FeatureGrid, Hero, HeroActions, PublicPage, Section } from '../components/sections';

const INQUIRY_TYPES: { value: AppointmentType; label: string; subject: string }[] = [
  { value: 'general', label: 'General', subject: 'General Inquiry' },
  { value: 'loans', label: 'Loans', subject: 'Loan Information' },
  { value: 'business', label: 'Business', subject: 'Business Banking' },
  { value: 'investment', label: 'Investment', subject: 'General Inquiry' },
  { value: 'support', label: 'Support', subject: 'Account Support' },
];

/** The inquiry a link asked for (`/contact?subject=business#appointment`), if it is one of ours. */
const askedInquiry = (value: string | null) => INQUIRY_TYPES.find((i) => i.value === value);

const BRANCHES = [
  {
    name: 'Headquarters — Founders Way',
    address: '1952 Founders Way, Harborview',
    hours: 'Mon–Fri 9–5, Sat 9–12',
  },
  { name: 'Cedar Falls', address: '410 River Road, Cedar Falls', hours: 'Mon–Fri 9–6, Sat 9–1' },
  { name: 'Pine Hollow', address: '88 Orchard Lane, Pine Hollow', hours: 'Mon–Fri 9–5' },
];

export default function ContactRoute() {
  const [params] = useSearchParams();
  const asked = askedInquiry(params.get('subject'));
  const [inquiry, setInquiry] = useState<AppointmentType>(asked?.value ?? 'general');
  const subject = INQUIRY_TYPES.find((i) => i.value === inquiry)?.subject ?? 'General Inquiry';
  return (
    <PublicPage title="Contact Us">
      <Hero
        compact
        eyebrow="Contact us"
        title="We’re here to help"
        lead="Call, write, chat or visit — a real person at Harborview will answer."
        actions={
          <HeroActions
            primary={{ to: '/register', label: 'Open an account' }}
            secondary={{ to: '/contact#appointment', label: 'Book an appointment' }}
          />
        }
      />
      <Section id="methods" eyebrow="Ways to reach us" title="Contact methods">
        <FeatureGrid
          columns={4}
          items={[
            {
              icon: Phone,
              title: 'Call us',
              text: (
                <>
                  <a href={BANK.phoneHref}>{BANK.phone}</a>
                  <br />
                  Mon–Fri 8–8, Sat 9–2
                </>
              ),
            },
            {
              icon: Mail,
              title: 'Email us',
              text: <a href={`mailto:${BANK.email}`}>{BANK.email}</a>,
            },
            {
              icon: Building2,
              title: 'Visit a branch',
              text: <Link to="/contact#locations">25 branches around the bay</Link>,
            },
            { icon: MapPin, title: 'Write to us', text: `${BANK.address}, ${BANK.cityLine}` },
          ]}
        />
      </Section>
      <Section
        id="support"
        tone="tint"
        eyebrow="Customer support"
        title="Get help with your accounts"
      >
        <FeatureGrid
          columns={2}
          items={[
            {
              icon: Mail,
              title: 'Email support',
              text: (
                <>
                  Write to <a href={`mailto:${BANK.supportEmail}`}>{BANK.supportEmail}</a>. We
                  answer every email within 24 hours.
                </>
              ),
            },
            {
              icon: MessageCircle,
              title: 'Live chat',
              text: 'Chat with us 24/7 from the Support page in online banking.',
              link: { to: '/support', label: 'Go to Support' },
            },
          ]}
        />
        <h3 className="subhead">What can we help with?</h3>
        <fieldset className="choice-group">
          <legend>Inquiry type</legend>
          <div className="choice-group__options">
            {INQUIRY_TYPES.map((t) => (
              <label key={t.value} className="choice">
                <input
                  type="radio"
                  name="inquiry-type"
                  value={t.value}
                  checked={inquiry === t.value}
                  onChange={() => setInquiry(t.value)}
                />
                {t.label}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="muted">
          Your message below will be routed to our{' '}
          {INQUIRY_TYPES.find((i) => i.value === inquiry)?.label.toLowerCase()} team.
        </p>
        <FeatureGrid
          columns={4}
          items={[
            { icon: Timer, title: 'Fast answers', text: 'Email replies within 24 hours.' },
            { icon: UserCheck, title: 'Real people', text: 'Local bankers, not scripts.' },
            { icon: ShieldCheck, title: 'Secure', text: 'We never ask for your password.' },
            { icon: Headset, title: 'Always on', text: '24/7 chat in online banking.' },
          ]}
        />
      </Section>
      <Section id="appointment" eyebrow="Appointments & messages" title="Talk to a banker">
        <div className="two-col">
          <AppointmentForm appointmentType={asked?.value} />
          <MessageForm subject={subject} />
        </div>
      </Section>
      <Section id="locations" tone="tint" eyebrow="Locations" title="Find a branch">
        <FeatureGrid
          columns={3}
          items={BRANCHES.map((b) => ({
            icon: MapPin,
            title: b.name,
            text: (
              <>
                {b.address}
                <br />
                <Clock size={14} aria-hidden="true" /> {b.hours}
              </>
            ),
          }))}
        />
        <div className="emergency">
          <Alert tone="warning" title="Lost or stolen card?">
            <p>
              Lock it at once in online banking under Cards, then email{' '}
              <a href={`mailto:${BANK.cardsEmail}`}>{BANK.cardsEmail}</a> or call{' '}
              <a href={BANK.phoneHref}>{BANK.phone}</a> any time, day or night.
            </p>
          </Alert>
        </div>
        <p className="muted">
          <AlertTriangle size={14} aria-hidden="true" /> Harborview will never call, text or email
          to ask for your password, PIN or one-time code.
        </p>
      </Section>
    </PublicPage>
  );
}
