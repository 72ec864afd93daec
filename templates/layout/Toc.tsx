import type { TocItem } from '../../src/shared/pageData';

/** The table of contents: a nested list of the page's h2–h3. */
export function Toc({ toc }: { toc: TocItem[] }) {
  if (!toc.length) return null;
  const min = Math.min(...toc.map((t) => t.level));
  return (
    <div className="toc">
      <p className="toc__title">On this page</p>
      <ul className="toc__list">
        {toc.map((t) => (
          <li key={t.id} className={`toc__item toc__item--level${t.level - min}`}>
            <a href={`#${t.id}`} className="table-of-contents__link">
              {t.value}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
