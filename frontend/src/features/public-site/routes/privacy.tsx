import { BANK } from '@/components/ui/brand';
import { LegalPage } from '../components/legal-page';

export default function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      lead="How we collect, use and protect your personal information."
      updated="January 1, 2025"
      sections={[
        {
          heading: 'What we collect',
          body: (
            <p>
              We collect the information you give us when you open an account or apply for a loan —
              such as your name, address, date of birth, Social Security number, income and contact
              details — and information about your transactions with us.
            </p>
          ),
        },
        {
          heading: 'How we use it',
          body: (
            <p>
              We use your information to provide and service your accounts, verify your identity,
              prevent fraud, meet legal requirements and, with your permission, tell you about
              products that may help you.
            </p>
          ),
        },
        {
          heading: 'What we share',
          body: (
            <>
              <p>We do not sell your personal information. We share it only:</p>
              <ul>
                <li>
                  with service providers who help us run your accounts, under strict contracts;
                </li>
                <li>
                  when the law requires it, such as with regulators or in response to a court order;
                </li>
                <li>with your consent.</li>
              </ul>
            </>
          ),
        },
        {
          heading: 'How we protect it',
          body: (
            <p>
              We use encryption in transit and at rest, multi-factor controls for our staff,
              continuous monitoring and regular independent audits. Online banking sessions end
              automatically after a period of inactivity.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You may limit how we share your information for marketing at any time by calling{' '}
              {BANK.phone} or writing to {BANK.email}.
            </p>
          ),
        },
      ]}
    />
  );
}
