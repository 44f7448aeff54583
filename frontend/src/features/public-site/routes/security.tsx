import { LegalPage } from '../components/legal-page';

export default function SecurityRoute() {
  return (
    <LegalPage
      title="Security Center"
      lead="How we keep your money and information safe — and how you can help."
      sections={[
        {
          heading: 'How we protect you',
          body: (
            <ul>
              <li>256-bit encryption for every online banking session.</li>
              <li>24/7 fraud monitoring of card and account activity.</li>
              <li>Automatic sign-out after inactivity, with a warning first.</li>
              <li>Zero liability for unauthorized card transactions reported promptly.</li>
              <li>
                Deposits insured by the FDIC up to $250,000 per depositor, per ownership category.
              </li>
            </ul>
          ),
        },
        {
          heading: 'We will never ask',
          body: (
            <p>
              Harborview will never call, text or email to ask for your password, PIN, full card
              number or a one-time code. If someone does, hang up and call us at (555) 019-1952.
            </p>
          ),
        },
        {
          heading: 'Protect yourself',
          body: (
            <ul>
              <li>Use a unique password of at least 8 characters for online banking.</li>
              <li>Keep your phone and browser up to date.</li>
              <li>Turn on transaction alerts and review your account often.</li>
              <li>Lock a lost card immediately from the Cards page.</li>
            </ul>
          ),
        },
        {
          heading: 'Report fraud',
          body: (
            <p>
              If you suspect fraud, lock your card in online banking and call us any time at (555)
              019-1952, or email cards@harborviewbank.example.
            </p>
          ),
        },
      ]}
    />
  );
}
