import { LegalPage } from '../components/legal-page';

export default function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      lead="The terms that apply when you use Harborview online banking."
      updated="January 1, 2025"
      sections={[
        {
          heading: 'Agreement',
          body: (
            <p>
              By opening an account or using online banking, you agree to these terms and to the
              Deposit Account Agreement and fee schedule provided when you opened your account.
            </p>
          ),
        },
        {
          heading: 'Your credentials',
          body: (
            <p>
              Keep your account number and password confidential. You are responsible for
              transactions made with your credentials until you tell us they may have been
              compromised. Tell us immediately at (555) 019-1952.
            </p>
          ),
        },
        {
          heading: 'Transfers and payments',
          body: (
            <p>
              Transfers submitted before 6:00 PM Mountain Time on a business day are usually
              processed that day. Wire transfers cannot be cancelled once sent. We may refuse a
              transaction that we believe is unauthorized or that exceeds your limits.
            </p>
          ),
        },
        {
          heading: 'Availability',
          body: (
            <p>
              We aim to keep online banking available at all times, but it may be unavailable during
              maintenance or events outside our control.
            </p>
          ),
        },
        {
          heading: 'Changes',
          body: (
            <p>
              We may change these terms. We will notify you of material changes at least 30 days in
              advance when the law requires it.
            </p>
          ),
        },
      ]}
    />
  );
}
