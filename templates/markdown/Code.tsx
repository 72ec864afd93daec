import { createContext, createElement, useContext } from 'react';
import { CodeBlock } from './CodeBlock';

/** A code sample a React page asks the build to highlight. */
export interface CodeSample {
  /** The fence language (`js`, `ts`, `bash`…); plain text when absent. */
  lang?: string;
  code: string;
}

/**
 * Where a React page's code samples go while it renders at build time: it records the
 * sample and returns the number of the slot that will hold its highlighted HTML
 * (`CODE_SLOT_TAG`), so the page's code looks like every code block of the markdown
 * pages (shiki, both themes, copy and wrap buttons).
 */
export type CodeSampleCollector = (sample: CodeSample) => number;

// One context per process, like the site context (see ../siteContext.tsx): React pages are
// compiled into their own bundle, with their own copy of this module.
const CONTEXT_KEY = Symbol.for('dfdocs.codeSampleContext');
const registry = globalThis as typeof globalThis & {
  [CONTEXT_KEY]?: ReturnType<typeof createContext<CodeSampleCollector | undefined>>;
};
export const CodeSampleContext = (registry[CONTEXT_KEY] ??= createContext<
  CodeSampleCollector | undefined
>(undefined));

/** The element standing for a sample until its highlighted `<pre>` is spliced in. */
export const CODE_SLOT_TAG = 'dfdocs-code';

/**
 * A highlighted code block for React pages (`pages/*.tsx`): `<Code lang="js" title="a.mjs"
 * code={source} />`. Rendered without a collector (nothing highlights it), it is a plain
 * `<pre>`.
 */
export function Code({ code, lang, title }: CodeSample & { title?: string }) {
  const collect = useContext(CodeSampleContext);
  return (
    <CodeBlock language={lang} title={title}>
      {collect ? (
        createElement(CODE_SLOT_TAG, { 'data-slot': collect({ lang, code }) })
      ) : (
        <pre tabIndex={0}>
          <code>{code}</code>
        </pre>
      )}
    </CodeBlock>
  );
}
