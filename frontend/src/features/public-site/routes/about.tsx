import { Award, Handshake, Heart, Leaf, Scale, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { CtaBand, FeatureGrid, Hero, PublicPage, Section } from '../components/sections';

const LEADERS = [
  {
    name: 'Margaret Ellison',
    role: 'President & Chief Executive Officer',
    bio: 'Joined as a teller in 1991; has led the bank since 2014.',
  },
  {
    name: 'David Okonkwo',
    role: 'Chief Financial Officer',
    bio: 'Twenty years in community-bank finance and risk management.',
  },
  {
    name: 'Linda Castillo',
    role: 'Chief Lending Officer',
    bio: 'Built our agricultural and small-business lending programs.',
  },
  {
    name: 'James Whitaker',
    role: 'Chief Technology Officer',
    bio: 'Leads digital banking, security and fraud prevention.',
  },
];

const JOBS = [
  { title: 'Universal Banker', place: 'Cedar Falls branch · Full time' },
  { title: 'Commercial Loan Officer', place: 'Harborview headquarters · Full time' },
  { title: 'Fraud Operations Analyst', place: 'Hybrid · Full time' },
  { title: 'Mortgage Loan Processor', place: 'Pine Hollow branch · Full time' },
];

export default function AboutRoute() {
  return (
    <PublicPage title="About Us">
      <Hero
        compact
        eyebrow="About Harborview"
        title="Neighbors helping neighbors since 1952"
        lead="Founded by a group of fishermen and shopkeepers who wanted a bank that would say yes to their town, Harborview Community Bank has grown to 25 branches while keeping its promise: decisions made here, by people who live here."
      />
      <Section
        id="story"
        eyebrow="Our story"
        title="From one teller window to twenty-five branches"
      >
        <div className="two-col prose">
          <p>
            In 1952, twelve local families pooled their savings to open the Harborview Savings &
            Loan in a former feed store on Founders Way. The first loan financed a tractor; the
            second, a young couple’s first home. Both were repaid early.
          </p>
          <p>
            Seven decades later we serve more than 50,000 customers and hold over $2.5 billion in
            assets — still independent, still headquartered on Founders Way, and still lending our
            deposits back into the bay.
          </p>
        </div>
      </Section>
      <Section id="values" tone="tint" eyebrow="What guides us" title="Our core values">
        <FeatureGrid
          items={[
            {
              icon: Handshake,
              title: 'Integrity',
              text: 'We say what we mean, price things plainly and keep our word.',
            },
            {
              icon: Users,
              title: 'Community',
              text: 'Our success is measured by the strength of the towns we serve.',
            },
            {
              icon: Heart,
              title: 'Care',
              text: 'Every customer is a neighbor; we listen before we advise.',
            },
            {
              icon: Scale,
              title: 'Prudence',
              text: 'Conservative, well-capitalized banking through every cycle since 1952.',
            },
            {
              icon: Leaf,
              title: 'Stewardship',
              text: 'We invest in local schools, farms and a cleaner bay.',
            },
            {
              icon: Award,
              title: 'Excellence',
              text: 'Modern tools and well-trained people, held to a high standard.',
            },
          ]}
        />
      </Section>
      <Section id="leadership" eyebrow="Leadership" title="Our leadership team">
        <ul role="list" className="feature-grid feature-grid--4">
          {LEADERS.map((l) => (
            <li key={l.name} className="feature">
              <span className="leader__avatar" aria-hidden="true">
                {l.name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')}
              </span>
              <h3 className="feature__title">{l.name}</h3>
              <p className="eyebrow">{l.role}</p>
              <p className="feature__text">{l.bio}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="impact"
        tone="dark"
        eyebrow="Community impact"
        title="What we gave back last year"
      >
        <ul role="list" className="stats">
          <li className="stat">
            <span className="stat__value">$610K</span>
            <span className="stat__label">Charitable giving</span>
          </li>
          <li className="stat">
            <span className="stat__value">12,000</span>
            <span className="stat__label">Volunteer hours</span>
          </li>
          <li className="stat">
            <span className="stat__value">$180M</span>
            <span className="stat__label">Lent to local businesses</span>
          </li>
          <li className="stat">
            <span className="stat__value">1,150</span>
            <span className="stat__label">Families helped buy homes</span>
          </li>
        </ul>
      </Section>
      <Section id="awards" eyebrow="Recognition" title="Awards">
        <FeatureGrid
          columns={3}
          items={[
            {
              icon: Award,
              title: 'Top Community Lender',
              text: 'Bay Business Journal, 2021–2025.',
            },
            {
              icon: Award,
              title: 'Best Bank for Small Business',
              text: 'Regional Chamber of Commerce, 2024.',
            },
            {
              icon: Award,
              title: 'Five-Star Financial Strength',
              text: 'Independent bank rating, 40 consecutive quarters.',
            },
          ]}
        />
      </Section>
      <Section
        id="careers"
        tone="tint"
        eyebrow="Careers"
        title="Join our team"
        intro="We hire people who like people. Benefits include a pension match, tuition help and paid volunteer days."
      >
        <ul role="list" className="feature-grid feature-grid--4">
          {JOBS.map((job) => (
            <li key={job.title} className="feature">
              <h3 className="feature__title">{job.title}</h3>
              <p className="feature__text">{job.place}</p>
              <Link to="/contact" className="feature__link">
                Apply Now<span className="sr-only"> for {job.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="mission" eyebrow="Our mission" title="Why we exist">
        <blockquote className="mission">
          <p>
            “To help every family, farm and business in the Harbor Bay region build a secure
            financial future — with honest advice, fair products and money that stays close to
            home.”
          </p>
        </blockquote>
      </Section>
      <CtaBand
        title="Become part of the Harborview family"
        text="Open an account online or talk to us at any branch."
      >
        <ButtonLink to="/register">Open an account</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          Contact us
        </ButtonLink>
      </CtaBand>
    </PublicPage>
  );
}
