/**
 * The code editor of a runnable example (CodeMirror 6), loaded only when a reader edits one.
 * The smallest useful setup — history, the default keymap, bracket matching, auto-indent,
 * JavaScript/TypeScript highlighting in the colours of the page's build-time highlighting
 * (the github themes, through `--ex-tok-*` variables of the stylesheet, so it follows the
 * colour mode). Tab indents; Escape then Tab leaves the editor (CodeMirror's tab-focus
 * mode), so the keyboard is never trapped. Ctrl/Cmd+Enter runs the example.
 */
import { EditorView, keymap, drawSelection } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  LRLanguage,
  HighlightStyle,
  bracketMatching,
  indentOnInput,
  syntaxHighlighting,
  indentNodeProp,
  continuedIndent,
} from '@codemirror/language';
import { parser } from '@lezer/javascript';
import { tags as t } from '@lezer/highlight';

export interface EditorHandle {
  code(): string;
  focus(): void;
  destroy(): void;
}

const javascript = (ts: boolean) =>
  LRLanguage.define({
    parser: parser.configure({
      dialect: ts ? 'ts' : '',
      props: [
        indentNodeProp.add({ Block: continuedIndent(), ObjectExpression: continuedIndent() }),
      ],
    }),
    languageData: { closeBrackets: { brackets: ['(', '[', '{', "'", '"', '`'] } },
  });

const tok = (name: string) => `var(--ex-tok-${name})`;
const highlight = HighlightStyle.define([
  {
    tag: [t.keyword, t.modifier, t.operatorKeyword, t.controlKeyword, t.definitionKeyword],
    color: tok('keyword'),
  },
  { tag: [t.string, t.special(t.string), t.regexp], color: tok('string') },
  {
    tag: [t.number, t.bool, t.null, t.atom, t.propertyName, t.constant(t.variableName)],
    color: tok('constant'),
  },
  {
    tag: [t.function(t.variableName), t.function(t.propertyName), t.className, t.typeName],
    color: tok('function'),
  },
  { tag: [t.comment, t.lineComment, t.blockComment], color: tok('comment'), fontStyle: 'normal' },
  {
    tag: [t.definition(t.variableName), t.variableName, t.operator, t.punctuation],
    color: tok('text'),
  },
]);

const theme = EditorView.theme({
  '&': { fontSize: '0.875rem', backgroundColor: 'var(--c-code-bg)', color: tok('text') },
  // A visible focus ring (the page's colour), inside the block's frame.
  '&.cm-focused': { outline: '2px solid var(--c-focus)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6', padding: '0.9rem 0' },
  '.cm-content': { padding: '0', caretColor: 'var(--c-text)' },
  '.cm-line': { padding: '0 1.1rem' },
  '.cm-gutters': { display: 'none' },
  '.cm-cursor': { borderLeftColor: 'var(--c-text)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--ex-selection) !important',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--ex-selection)', outline: 'none' },
});

/**
 * Replaces `pre` (the build-time highlighted code, kept hidden for Reset) with an editor
 * holding `code`, and focuses it.
 */
export function mountEditor(
  pre: HTMLElement,
  code: string,
  options: { lang: string; label: string; onRun: () => void; onChange: () => void },
): EditorHandle {
  const view = new EditorView({
    parent: pre.parentElement!,
    state: EditorState.create({
      doc: code,
      extensions: [
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        javascript(/^(ts|typescript|mts)$/.test(options.lang)),
        syntaxHighlighting(highlight),
        keymap.of([
          { key: 'Mod-Enter', run: () => (options.onRun(), true), preventDefault: true },
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab,
        ]),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) options.onChange();
        }),
        EditorView.contentAttributes.of({
          'aria-label': options.label,
          'aria-multiline': 'true',
        }),
        theme,
        // Long lines wrap: the editor never scrolls sideways (on a phone, a scrolling box
        // with no focusable content of its own would be out of reach of a keyboard).
        EditorView.lineWrapping,
      ],
    }),
  });
  pre.parentElement!.insertBefore(view.dom, pre);
  pre.hidden = true;
  view.focus();
  return {
    code: () => view.state.doc.toString(),
    focus: () => view.focus(),
    destroy: () => {
      view.destroy();
      pre.hidden = false;
    },
  };
}
