import { FileText, Sheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { LoadFailed, Skeleton } from '@/components/ui/feedback';
import { accountName, type Account } from '@/lib/accounts';
import { downloadFromApi } from '@/lib/download';
import { formatMonth } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { statementsPath, useStatements, type StatementMonth } from '../api/get-statements';

function StatementRow({ account, statement }: { account: Account; statement: StatementMonth }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);
  const label = formatMonth(statement.month);
  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      const slug = accountName(account).toLowerCase().replace(/\W+/g, '-');
      await downloadFromApi(
        `${statementsPath(account.id)}/${statement.month}?format=${format}`,
        `statement-${slug}-${statement.month}.${format}`,
      );
    } catch {
      toast.error('The statement could not be downloaded. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="statement">
      <span className="statement__month">
        {label}
        {statement.complete ? null : <span className="muted"> · to date</span>}
      </span>
      <span className="statement__actions">
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'pdf'}
          onClick={() => void download('pdf')}
          icon={<FileText size={16} aria-hidden="true" />}
          aria-label={`Download ${label} statement as PDF`}
        >
          PDF
        </Button>
        <Button
          size="sm"
          variant="secondary"
          loading={busy === 'csv'}
          onClick={() => void download('csv')}
          icon={<Sheet size={16} aria-hidden="true" />}
          aria-label={`Download ${label} statement as CSV`}
        >
          CSV
        </Button>
      </span>
    </li>
  );
}

/** The account's monthly statements (the current month to date), each as PDF or CSV. */
export function StatementsCard({ account }: { account: Account }) {
  const statements = useStatements(account.id);
  return (
    <Card aria-labelledby="statements-heading">
      <CardHeader id="statements-heading" title={`Statements · ${accountName(account)}`} />
      {statements.isPending ? (
        <Skeleton height="2.75rem" />
      ) : statements.isError ? (
        <LoadFailed title="Error" onRetry={() => void statements.refetch()}>
          <p>We could not load your statements. Please try again.</p>
        </LoadFailed>
      ) : (
        <ul role="list" className="statement-list" aria-label="Monthly statements">
          {statements.data.map((statement) => (
            <StatementRow key={statement.month} account={account} statement={statement} />
          ))}
        </ul>
      )}
    </Card>
  );
}
