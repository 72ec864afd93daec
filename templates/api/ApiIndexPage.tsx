import type { ApiIndex } from './model';
import { Link } from '../Link';
import { AnchoredHeading } from './AnchoredHeading';
import { Html } from './ApiParts';
import { KIND_LABELS } from './ApiDeclarationPage';

/** The API reference's index: every export by category, each with its one-line summary. */
export function ApiIndexPage({ index }: { index: ApiIndex }) {
  const total = index.sections.reduce((n, s) => n + s.entries.length, 0);
  return (
    <div className="api-page api-page--index">
      <header className="api-header">
        <h1 className="api-header__title">{index.title}</h1>
      </header>
      <Html html={index.introHtml} className="api-lead" />
      <nav className="api-index__jump" aria-label="API categories">
        {index.sections.map((s) => (
          <a key={s.anchor} href={`#${s.anchor}`} className="api-index__chip">
            {s.title} <span className="api-index__count">{s.entries.length}</span>
          </a>
        ))}
      </nav>
      {index.sections.map((s) => (
        <section key={s.anchor} className="api-section api-index__section">
          <AnchoredHeading level={2} id={s.anchor} label={s.title}>
            {s.title}
          </AnchoredHeading>
          <ul className="api-index__list">
            {s.entries.map((e) => (
              <li key={e.href} className="api-index__item">
                <Link to={e.href} className="api-index__name">
                  <code>{e.name}</code>
                </Link>
                {e.kind !== 'function' ? (
                  <span className={`api-kind api-kind--${e.kind} api-kind--small`}>
                    {KIND_LABELS[e.kind]}
                  </span>
                ) : null}
                {e.summaryHtml ? (
                  // A div: a summary may hold paragraphs or a list.
                  <div
                    className="api-index__summary"
                    dangerouslySetInnerHTML={{ __html: e.summaryHtml }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p className="api-index__total">
        {total} exports of <code>{index.packageName}</code>.
      </p>
    </div>
  );
}
