import { LegalPage } from '../components/legal-page';

export default function DisclosuresRoute() {
  return (
    <LegalPage
      title="Disclosures"
      lead="Important information about our products, rates and fees."
      sections={[
        {
          heading: 'FDIC insurance',
          body: (
            <p>
              Harborview Community Bank is a Member FDIC. Deposits are insured up to $250,000 per
              depositor, for each account ownership category.
            </p>
          ),
        },
        {
          heading: 'Rates',
          body: (
            <p>
              APY = Annual Percentage Yield. Rates shown are accurate as of publication and may
              change at any time after the account is opened. Fees may reduce earnings. High-Yield
              Savings 4.25% APY requires a $100 minimum opening deposit. Money market accounts
              require $2,500 (personal) or $10,000 (business) to open.
            </p>
          ),
        },
        {
          heading: 'Loans',
          body: (
            <p>
              APR = Annual Percentage Rate. All loans are subject to credit approval. Rates shown
              are the lowest available and depend on credit history, loan-to-value and term. Home
              equity loans are available up to 90% combined loan-to-value.
            </p>
          ),
        },
        {
          heading: 'Equal Housing Lender',
          body: (
            <p>
              We do business in accordance with the Fair Housing Law and the Equal Credit
              Opportunity Act.
            </p>
          ),
        },
        {
          heading: 'Insurance and investments',
          body: (
            <p>
              Insurance and investment products are not deposits, not FDIC insured, not guaranteed
              by the bank, not insured by any federal government agency, and may lose value.
            </p>
          ),
        },
        {
          heading: 'Zelle®',
          body: (
            <p>
              Zelle and the Zelle-related marks are property of their owner and are used here under
              license. Send money only to people you know and trust.
            </p>
          ),
        },
      ]}
    />
  );
}
