import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { withBaseUrl } from '../../src/shared/baseUrl';
import { highlight, snippetAround, termPattern } from './highlight';

/** One row of the search dialog's listbox: a result, or a recent search. */
export interface Option {
  href: string;
  pageTitle: string;
  headings: string[];
  /** Section id, for its snippet text. */
  textId?: number;
  terms: string[];
  /** The query that led to it (recent searches). */
  query?: string;
}

const isModified = (e: MouseEvent) =>
  e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

function PageIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M6 2h6l4 4v11a1 1 0 0 1-1 1H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm6 0v4h4M7 10h6M7 13.5h6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
function HashIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M8 3 6 17M14 3l-2 14M3.5 7.5h14M2.5 12.5h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
function ClockIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-12v4l2.5 2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
function EnterIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M17 4v5a3 3 0 0 1-3 3H4m0 0 4-4m-4 4 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface SearchOptionProps {
  option: Option;
  id: string;
  active: boolean;
  /** The section's text (undefined while it loads, or for recent searches). */
  text: string | undefined;
  baseUrl: string;
  onChoose: (option: Option) => void;
  onHover: () => void;
}

/** A result row: icon, heading path and snippet with the matches marked; an `<a role=option>`. */
export function SearchOption({
  option,
  id,
  active,
  text,
  baseUrl,
  onChoose,
  onHover,
}: SearchOptionProps) {
  const pattern = useMemo(() => termPattern(option.terms), [option.terms]);
  const own = option.headings[option.headings.length - 1] ?? option.pageTitle;
  const parents = option.headings.slice(0, -1);
  let icon: ReactNode = option.headings.length ? <HashIcon /> : <PageIcon />;
  if (option.query !== undefined) icon = <ClockIcon />;
  return (
    <a
      role="option"
      id={id}
      aria-selected={active}
      href={withBaseUrl(option.href, baseUrl)}
      tabIndex={-1}
      className={'search-hit' + (active ? ' search-hit--active' : '')}
      onMouseMove={active ? undefined : onHover}
      onClick={(e) => {
        if (isModified(e)) return; // new tab or window: leave it to the browser
        e.preventDefault();
        onChoose(option);
      }}
    >
      <span className="search-hit__icon">{icon}</span>
      <span className="search-hit__content">
        <span className="search-hit__title">
          {parents.length ? (
            <span className="search-hit__parents">
              {highlight(parents.join(' › '), pattern)}
              {' › '}
            </span>
          ) : null}
          {highlight(own, pattern)}
        </span>
        {option.query !== undefined ? (
          <span className="search-hit__snippet">
            {option.headings.length ? option.pageTitle : 'Page'} · searched “{option.query}”
          </span>
        ) : text ? (
          <span className="search-hit__snippet">
            {highlight(snippetAround(text, pattern), pattern)}
          </span>
        ) : text === undefined ? (
          <span className="search-hit__snippet search-hit__snippet--pending" />
        ) : null}
      </span>
      <span className="search-hit__enter">
        <EnterIcon />
      </span>
    </a>
  );
}
