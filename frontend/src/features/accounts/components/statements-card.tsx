import { FileText, Landmark, Sheet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { LoadFailed, Skeleton } from '@/components/ui/feedback';
import { accountName, lastFour, type Account } from '@/lib/accounts';
import { downloadFromApi } from '@/lib/download';
import { formatMonth } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import { statementsPath, useStatements, type StatementMonth } from '../api/get-statements';

/** The files a statement downloads as: its button's text, and the name a screen reader hears. */
const FORMATS = [
  { format: 'pdf', text: 'PDF', name: 'PDF', Icon: FileText },
  { format: 'csv', text: 'CSV', name: 'CSV', Icon: Sheet },
  { format: 'ofx', text: 'OFX', name: 'OFX (Quicken, QuickBooks)', Icon: Landmark },
] as const;
type Format = (typeof FORMATS)[number]['format'];

function StatementRow({ account, statement }: { account: Account; statement: StatementMonth }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const label = formatMonth(statement.month);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      // The server's name carries the last four, as this fallback does: named after the account
      // ("Business Checking"), two business accounts' statements were saved under one name.
      await downloadFromApi(
        `${statementsPath(account.id)}/${statement.month}?format=${format}`,
        `statement-${lastFour(account) || account.id}-${statement.month}.${format}`,
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
        {FORMATS.map(({ format, text, name, Icon }) => (
          <Button
            key={format}
            size="sm"
            variant="secondary"
            loading={busy === format}
            onClick={() => void download(format)}
            icon={<Icon size={16} aria-hidden="true" />}
            aria-label={`Download ${label} statement as ${name}`}
            title={name}
          >
            {text}
          </Button>
        ))}
      </span>
    </li>
  );
}

/**
 * The account's monthly statements (the current month to date), each as PDF, CSV or OFX (the
 * file Quicken and QuickBooks import).
 */
export function StatementsCard({ account }: { account: Account }) {
  const statements = useStatements(account.id);
  return (
    <Card aria-labelledby="statements-heading">
      <CardHeader id="statements-heading" title={`Statements · ${accountName(account)}`} />
      <p className="muted statement-formats">
        PDF to read or print, CSV for a spreadsheet, OFX (Quicken, QuickBooks) for your money
        software.
      </p>
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
