import type { ReactNode } from 'react';

/**
 * A highlighted code block (server-rendered). The copy and word-wrap buttons work by
 * event delegation in the client (`data-code-action`), so no per-block JavaScript ships.
 * A runnable example (`example`: its position among the page's runnable blocks) gets a bar
 * with Run, Edit and Reset (`data-example-action`, loaded on demand: src/client/runner).
 */
export function CodeBlock({
  language,
  title,
  lineNumbers,
  example,
  examplePlot,
  examplePrepared,
  exampleOutput,
  children,
}: {
  language?: string;
  title?: string;
  /** The first line's number, when the block shows line numbers. */
  lineNumbers?: number;
  /** The block runs in the reader's browser: its position among the page's runnable blocks. */
  example?: number;
  /** The runnable block draws a chart. */
  examplePlot?: boolean;
  /** What the block's code needs to join the page's program (JSON, src/shared/exampleBlock.ts). */
  examplePrepared?: string;
  /** The block is the output shown under a runnable one (hidden while a run's output shows). */
  exampleOutput?: boolean;
  children?: ReactNode;
}) {
  const numbered = lineNumbers !== undefined;
  const runnable = example !== undefined;
  return (
    <div
      className={`code-block language-${language ?? 'text'}${numbered ? ' code-block--numbered' : ''}${runnable ? ' code-block--example' : ''}`}
      data-language={language}
      data-example={runnable ? example : undefined}
      data-example-plot={examplePlot ? '' : undefined}
      data-example-prepared={examplePrepared}
      data-example-output={exampleOutput ? '' : undefined}
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
      {runnable ? <ExampleBar /> : null}
    </div>
  );
}

/** Run, Edit and Reset of a runnable example (Reset shows while the code is edited). */
function ExampleBar() {
  return (
    <div className="example-bar">
      <button
        type="button"
        className="example-button example-button--run"
        data-example-action="run"
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 2.5v11a.5.5 0 0 0 .76.43l9-5.5a.5.5 0 0 0 0-.86l-9-5.5A.5.5 0 0 0 4 2.5z"
          />
        </svg>
        <span className="example-button__label">Run</span>
      </button>
      <button type="button" className="example-button" data-example-action="edit">
        <span className="example-button__label">Edit</span>
      </button>
      <button
        type="button"
        className="example-button example-button--reset"
        data-example-action="reset"
      >
        Reset
      </button>
      <span className="example-bar__hint" aria-hidden="true">
        runs in your browser
      </span>
    </div>
  );
}
