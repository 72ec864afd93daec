/**
 * Runnable examples in the reader's browser (issue 30): the page side. Loaded on demand by
 * the first-load delegation (../delegation.ts) on the first click of a block's Run or Edit
 * button, or on hover/focus of one (`warm`).
 *
 * Run: the page's blocks up to this one (as shown, or as edited) become one program, as
 * `--check-examples` runs them (./program.ts), and run in a sandboxed worker (./sandbox.ts);
 * the block's output replaces the output shown under it (which is hidden, not removed),
 * charts as the same SVG (sanitized, ./chart.ts). Edit: the editor (./editor.ts) replaces the
 * highlighted code; Reset puts the page's code, highlighting and output back.
 */
import type { ClientExamplesConfig } from '../../shared/config';
import { PAGE_DATA_ID } from '../../shared/documentIds';
import { buildProgram, ProgramError, type Program, type ProgramBlock } from './program';
import { RunStopped, Sandbox } from './sandbox';
import type { RunResult } from './protocol';
import type { EditorHandle } from './editor';
import type { PreparedBlock } from '../../shared/exampleBlock';

interface BlockState {
  editor?: EditorHandle;
  editorLoading?: Promise<EditorHandle | undefined>;
  output?: HTMLElement;
}

const states = new WeakMap<HTMLElement, BlockState>();
const stateOf = (block: HTMLElement) => {
  let s = states.get(block);
  if (!s) states.set(block, (s = {}));
  return s;
};

let config: ClientExamplesConfig | null | undefined;
/** The site's runner settings, from the page data inlined in the document. */
function examplesConfig(): ClientExamplesConfig | undefined {
  if (config === undefined) {
    const data = document.getElementById(PAGE_DATA_ID)?.textContent;
    config =
      (data &&
        (JSON.parse(data) as { config?: { examples?: ClientExamplesConfig } }).config?.examples) ||
      null;
  }
  return config ?? undefined;
}

let sandbox: Sandbox | undefined;
function currentSandbox(cfg: ClientExamplesConfig): Sandbox {
  if (!sandbox?.alive) sandbox = new Sandbox(cfg);
  return sandbox;
}

/** Starts what a run needs (the editor's code, the sandbox, the modules), before the click. */
export function warm(): void {
  const cfg = examplesConfig();
  if (cfg) currentSandbox(cfg);
}

const blockOf = (el: Element) => el.closest<HTMLElement>('[data-example]');
const indexOf = (block: HTMLElement) => Number(block.dataset.example);
const preOf = (block: HTMLElement) => block.querySelector<HTMLElement>('.code-block__body pre');

/** The page's runnable blocks, in the order they run. */
function pageBlocks(block: HTMLElement): HTMLElement[] {
  const page = block.closest('[data-page-body]') ?? document;
  return [...page.querySelectorAll<HTMLElement>('[data-example]')].sort(
    (a, b) => indexOf(a) - indexOf(b),
  );
}

function codeOf(block: HTMLElement): string {
  const s = states.get(block);
  if (s?.editor) return s.editor.code();
  return (preOf(block)?.textContent ?? '').replace(/\n$/, '');
}

/**
 * A block's code and what joining the program takes: read by the build for the code the page
 * shows (`data-example-prepared`), or, once edited, here — with the editor's grammar, a chunk
 * loaded only then (the editor has already loaded it).
 */
async function programBlock(block: HTMLElement): Promise<ProgramBlock> {
  const code = codeOf(block);
  const shown = (preOf(block)?.textContent ?? '').replace(/\n$/, '');
  const fromPage = code === shown ? block.dataset.examplePrepared : undefined;
  if (fromPage) {
    const prepared = JSON.parse(fromPage) as PreparedBlock & { length: number };
    if (prepared.length === code.length) return { code, prepared };
  }
  const { prepareExampleBlock } = await import('../../shared/exampleBlock');
  return {
    code,
    prepared: prepareExampleBlock({
      code,
      lang: block.dataset.language ?? 'js',
      plot: block.hasAttribute('data-example-plot'),
    }),
  };
}

/** A block that imports a module of Node.js (`node:fs`): it runs with `--check-examples` only. */
const nodeOnly = ({ prepared }: ProgramBlock) =>
  prepared.imports.some((i) => i.specifier.startsWith('node:')) ||
  prepared.edits.some((e) => e.specifier?.startsWith('node:'));

/** The output the page shows under a block (a text block, or a chart), if any. */
function shownOutput(block: HTMLElement): HTMLElement | undefined {
  let next = block.nextElementSibling as HTMLElement | null;
  if (next?.classList.contains('example-output'))
    next = next.nextElementSibling as HTMLElement | null;
  return next?.hasAttribute('data-example-output') ? next : undefined;
}

function button(block: HTMLElement, action: string): HTMLButtonElement | null {
  return block.querySelector<HTMLButtonElement>(`[data-example-action="${action}"]`);
}

/**
 * A button at work: `aria-busy`, and what it says instead of its label (CSS shows
 * `data-busy`; the first-load click handler sets only `aria-busy`, which reads "Loading…").
 */
function setBusy(btn: HTMLElement | null, label: string | undefined): void {
  if (!btn) return;
  if (label) {
    btn.setAttribute('aria-busy', 'true');
    btn.dataset.busy = label;
  } else {
    btn.removeAttribute('aria-busy');
    delete btn.dataset.busy;
  }
}

// ——— output ———

function outputRegion(block: HTMLElement): HTMLElement {
  const s = stateOf(block);
  if (s.output?.isConnected) return s.output;
  const region = document.createElement('div');
  region.className = 'example-output';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-label', 'Output of the example');
  block.after(region);
  s.output = region;
  return region;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) => {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
};

interface Shown {
  text?: string;
  svg?: string;
  error?: string;
  note?: string;
  ms?: number;
}

async function show(block: HTMLElement, shown: Shown): Promise<void> {
  const region = outputRegion(block);
  const parts: HTMLElement[] = [];
  const head = el('div', 'example-output__head');
  head.append(el('span', 'example-output__label', 'Output'));
  if (shown.ms !== undefined)
    head.append(
      el('span', 'example-output__time', `ran in ${Math.max(1, Math.round(shown.ms))} ms`),
    );
  parts.push(head);
  if (shown.text) {
    const pre = el('pre', 'example-output__text');
    pre.tabIndex = 0;
    pre.append(el('code', '', shown.text));
    parts.push(pre);
  }
  if (shown.svg) {
    const { chartFigure } = await import('./chart');
    const figure = chartFigure(shown.svg);
    if (figure) parts.push(figure);
    else
      parts.push(
        el('p', 'example-output__error', 'The chart could not be shown (it is not a valid SVG).'),
      );
  }
  if (shown.error) parts.push(el('p', 'example-output__error', shown.error));
  if (shown.note) parts.push(el('p', 'example-output__note', shown.note));
  if (!shown.text && !shown.svg && !shown.error && !shown.note)
    parts.push(el('p', 'example-output__note', 'The example printed nothing.'));
  region.replaceChildren(...parts);
  const original = shownOutput(block);
  if (original) original.hidden = true;
}

/** Where the reader's code went wrong: the message, and the line in their code. */
function describeError(
  error: NonNullable<RunResult['error']>,
  program: Program,
  k: number,
  blocks: HTMLElement[],
): string {
  const at = error.programLine ? program.lineMap[error.programLine - 1] : undefined;
  const blockNo = at?.block ?? error.block;
  const where = at && at.block === blockNo ? ` (line ${at.line})` : '';
  if (blockNo >= 0 && blockNo < k) {
    const earlier = blocks[blockNo];
    const title = earlier?.querySelector('.code-block__title')?.textContent;
    return `An earlier example on this page${title ? ` (${title})` : ''} failed${where}: ${error.message}. It runs before this one; fix or reset it.`;
  }
  return `${error.message}${where}`;
}

// ——— actions ———

let queue: Promise<unknown> = Promise.resolve();

async function run(block: HTMLElement): Promise<void> {
  const cfg = examplesConfig();
  const runButton = button(block, 'run');
  if (!cfg) {
    await show(block, {
      error: 'The examples cannot run here: the page names no runner (config examples.browser).',
    });
    return;
  }
  setBusy(runButton, 'Running…');
  try {
    const page = pageBlocks(block);
    const all = await Promise.all(page.slice(0, page.indexOf(block) + 1).map(programBlock));
    // An earlier block that only Node can run (it imports `node:…`) is left out, so the blocks
    // after it still run here; the block itself says why when its own Run is clicked.
    const kept = all.flatMap((part, j) =>
      j === all.length - 1 || !nodeOnly(part) ? [{ part, el: page[j]! }] : [],
    );
    const blocks = kept.map((b) => b.el);
    const parts = kept.map((b) => b.part);
    const k = blocks.length - 1;
    const box = currentSandbox(cfg);
    const urls = await box.ready;
    let program: Program;
    try {
      program = buildProgram(parts, (spec) => urls[spec]);
    } catch (e) {
      if (!(e instanceof ProgramError)) throw e;
      await show(block, {
        error:
          e.block === k
            ? `${e.message} (line ${e.line})`
            : `An earlier example on this page has an error (its line ${e.line}): ${e.message}. It runs before this one; fix or reset it.`,
      });
      return;
    }
    const started = performance.now();
    let result: RunResult;
    try {
      result = await box.run(program.text);
    } catch (e) {
      if (!(e instanceof RunStopped)) throw e;
      await show(block, {
        error: `Stopped after ${e.afterMs / 1000} s: the code was still running (an endless loop?).`,
        note: 'The next run starts afresh.',
      });
      return;
    }
    const ms = performance.now() - started;
    const text = (result.outputs[k] ?? '').replace(/\n+$/, '');
    const svg = result.values[k] ?? (text.startsWith('<svg') ? text : undefined);
    await show(block, {
      text: svg && svg === text ? undefined : text,
      svg,
      ...(result.error ? { error: describeError(result.error, program, k, blocks) } : {}),
      ms,
    });
  } catch (e) {
    await show(block, {
      error: `The example could not run: ${(e as Error)?.message ?? String(e)}`,
    });
  } finally {
    setBusy(runButton, undefined);
  }
}

async function edit(block: HTMLElement): Promise<EditorHandle | undefined> {
  const s = stateOf(block);
  if (s.editor) {
    s.editor.focus();
    return s.editor;
  }
  const pre = preOf(block);
  if (!pre) return undefined;
  const editButton = button(block, 'edit');
  setBusy(editButton, 'Loading…');
  s.editorLoading ??= import('./editor').then(({ mountEditor }) => {
    const title = block.querySelector('.code-block__title')?.textContent;
    const editor = mountEditor(pre, codeOf(block), {
      lang: block.dataset.language ?? 'js',
      label: `Code of the example${title ? ` ${title}` : ''}: editable. Ctrl+Enter (⌘+Enter) runs it; Escape then Tab leaves the editor.`,
      onRun: () => act(button(block, 'run') ?? block),
      onChange: () => block.classList.add('code-block--edited'),
    });
    s.editor = editor;
    block.classList.add('code-block--editing');
    return editor;
  });
  try {
    return await s.editorLoading;
  } finally {
    s.editorLoading = undefined;
    setBusy(editButton, undefined);
  }
}

function reset(block: HTMLElement): void {
  const s = stateOf(block);
  s.editor?.destroy();
  s.editor = undefined;
  s.output?.remove();
  s.output = undefined;
  block.classList.remove('code-block--editing', 'code-block--edited');
  const original = shownOutput(block);
  if (original) original.hidden = false;
  button(block, 'edit')?.focus();
}

/** A click (or Ctrl+Enter) on a block's Run, Edit or Reset button. */
export function act(target: HTMLElement): void {
  const block = blockOf(target);
  if (!block) return;
  const action = target.dataset.exampleAction ?? 'run';
  if (action !== 'run') setBusy(target, undefined);
  if (action === 'edit') void edit(block);
  else if (action === 'reset') reset(block);
  else queue = queue.then(() => run(block));
}
