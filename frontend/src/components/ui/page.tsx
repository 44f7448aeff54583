import { ArrowLeft, Clock } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from './card';

const TITLE_SUFFIX = ' · Harborview Community Bank';

/** Sets the document title for the page (announced by screen readers on navigation). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title}${TITLE_SUFFIX}`;
  }, [title]);
}

/** The page's own name from a title useDocumentTitle wrote ("Bill Pay" of "Bill Pay · …"). */
export function pageName(documentTitle: string): string {
  return documentTitle.endsWith(TITLE_SUFFIX)
    ? documentTitle.slice(0, -TITLE_SUFFIX.length)
    : 'previous page';
}

export function PageHeader({
  title,
  description,
  actions,
  backTo,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  backTo?: string;
}) {
  return (
    <div className="page-header">
      <div>
        {backTo ? (
          <Link to={backTo} className="back-link">
            <ArrowLeft size={16} aria-hidden="true" /> Back to Dashboard
          </Link>
        ) : null}
        <h1 className="page-title">{title}</h1>
        {description ? <p className="muted page-header__desc">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}

/** /investments, /market-analysis and /deposit show only a title and "Coming Soon". */
export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} />
      <Card className="coming-soon">
        <Clock size={40} aria-hidden="true" />
        <p className="coming-soon__text">Coming Soon</p>
      </Card>
    </>
  );
}
