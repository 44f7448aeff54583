import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { LegalPage } from '../components/legal-page';

export default function LoansInfoRoute() {
  return (
    <LegalPage
      title="How to Apply for a Loan"
      lead="What you need, what happens next, and how long it takes."
      sections={[
        {
          heading: 'Before you apply',
          body: (
            <>
              <p>
                Estimate your payment with our <Link to="/loans#calculator">loan calculator</Link>{' '}
                and have these ready:
              </p>
              <ul>
                <li>Government-issued photo ID</li>
                <li>Two recent pay stubs or last year’s tax return</li>
                <li>Recent bank statements</li>
                <li>For home loans: the purchase agreement or property address</li>
                <li>For auto loans: the vehicle’s year, make, model and VIN</li>
              </ul>
            </>
          ),
        },
        {
          heading: 'How to apply',
          body: (
            <p>
              Schedule a loan consultation online, call (555) 019-1952, or visit any branch.
              Existing customers can start from online banking.
            </p>
          ),
        },
        {
          heading: 'What happens next',
          body: (
            <ol>
              <li>We review your application, usually within 24 hours.</li>
              <li>A loan officer calls you to go over options and any documents still needed.</li>
              <li>You receive a written decision with your rate, term and all fees.</li>
              <li>You sign and we fund — often within the same week.</li>
            </ol>
          ),
        },
        {
          heading: 'Talk to us',
          body: <ButtonLink to="/contact#appointment">Schedule a loan consultation</ButtonLink>,
        },
      ]}
    />
  );
}
