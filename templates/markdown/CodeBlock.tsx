import type { ReactNode } from 'react';

/**
 * A highlighted code block (server-rendered). The copy and word-wrap buttons work by
 * event delegation in the client (`data-code-action`), so no per-block JavaScript ships.
 */
export function CodeBlock({
  language,
  title,
  lineNumbers,
  children,
}: {
  language?: string;
  title?: string;
  /** The first line's number, when the block shows line numbers. */
  lineNumbers?: number;
  children?: ReactNode;
}) {
  const numbered = lineNumbers !== undefined;
  return (
    <div
      className={`code-block language-${language ?? 'text'}${numbered ? ' code-block--numbered' : ''}`}
      data-language={language}
    >
      {title ? <div className="code-block__title">{title}</div> : null}
      <div
        className="code-block__body"
        style={
          numbered && lineNumbers !== 1 ? { counterReset: `line ${lineNumbers - 1}` } : undefined
        }
      >
        {children}
        <div className="code-block__buttons">
          <button
            type="button"
            className="code-block__button"
            data-code-action="wrap"
            aria-label="Toggle word wrap"
            title="Toggle word wrap"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M4 19h6v-2H4v2zM20 5H4v2h16V5zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3 3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4z"
              />
            </svg>
          </button>
          <button
            type="button"
            className="code-block__button"
            data-code-action="copy"
            aria-label="Copy code to clipboard"
            title="Copy"
          >
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M19 21H8V7h11m0-2H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m-3-4H4a2 2 0 0 0-2 2v14h2V3h12V1z"
              />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
