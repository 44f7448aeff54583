import type { ReactNode } from 'react';
import { Hero, PublicPage } from './sections';

export type LegalSection = { heading: string; body: ReactNode };

export function LegalPage({
  title,
  lead,
  updated,
  sections,
}: {
  title: string;
  lead: string;
  updated?: string;
  sections: LegalSection[];
}) {
  return (
    <PublicPage title={title}>
      <Hero compact eyebrow="Harborview Community Bank" title={title} lead={lead} />
      <div className="container section">
        <article className="prose">
          {updated ? <p className="muted">Last updated {updated}</p> : null}
          {sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </PublicPage>
  );
}
