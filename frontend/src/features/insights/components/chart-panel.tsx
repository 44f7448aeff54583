import { Suspense, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/feedback';

type View = 'chart' | 'table';

/**
 * One insight: its heading, a sentence that says what the chart shows, and the chart or, at a
 * press, the same figures as a table. With nothing to draw (`empty`), the sentence alone: an
 * empty chart says less than it.
 */
export function ChartPanel({
  id,
  title,
  summary,
  chart,
  table,
  empty = false,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  empty?: boolean;
}) {
  const [view, setView] = useState<View>('chart');
  const toggle = (
    <div className="insights__toggle" role="group" aria-label={`Show ${title.toLowerCase()} as`}>
      {(['chart', 'table'] as const).map((v) => (
        <Button
          key={v}
          size="sm"
          variant={view === v ? 'primary' : 'secondary'}
          aria-pressed={view === v}
          onClick={() => setView(v)}
        >
          {v === 'chart' ? 'Chart' : 'Table'}
        </Button>
      ))}
    </div>
  );
  return (
    <Card aria-labelledby={id} className="insights__panel">
      <CardHeader id={id} title={title} action={empty ? undefined : toggle} />
      <p className="insights__summary" id={`${id}-summary`}>
        {summary}
      </p>
      {empty ? null : view === 'chart' ? (
        <figure className="insights__chart" aria-labelledby={id} aria-describedby={`${id}-summary`}>
          <Suspense fallback={<Skeleton height="16rem" />}>{chart}</Suspense>
          <figcaption className="muted insights__hint">
            Use the arrow keys on the chart to step through its figures, or switch to the table.
          </figcaption>
        </figure>
      ) : (
        <div
          className="insights__table-wrap"
          role="region"
          aria-label={`${title}, table`}
          tabIndex={0}
        >
          {table}
        </div>
      )}
    </Card>
  );
}
