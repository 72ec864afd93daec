/**
 * In-place behaviours of server-rendered markup, by event delegation on the document,
 * so page bodies (static HTML, never hydrated) need no per-element JavaScript:
 * - code blocks: "Copy code to clipboard" (with "Copied" feedback; the copying is a lazily
 *   loaded chunk, ./copyCode.ts, imported on the first copy) and "Toggle word wrap";
 * - tabs (`[data-tabs]`): switch by click and by arrow keys, Home and End; tabs of one
 *   `groupId` switch together and the choice is remembered (./tabGroups.ts);
 * - the keyboard-navigation flag on `<body>` (behaviours B50): a Tab press adds it, a
 *   mouse press removes it; CSS shows focus rings only while it is set;
 * - runnable examples' Run/Edit/Reset (`data-example-action`, see `onExample`).
 * Imported for its effect by the browser entry (src/client/hydrate.tsx).
 */

export const KEYBOARD_CLASS = 'navigation-with-keyboard';

/**
 * A runnable example's Run, Edit or Reset: the runner (./runner/runner.ts) loads on the first
 * one (or earlier: hovering or focusing such a button warms it, see ./prefetch/prefetcher.ts);
 * `aria-busy` makes the button say "Loading…" (CSS) meanwhile.
 */
function onExample(button: HTMLElement): void {
  button.setAttribute('aria-busy', 'true');
  import('./runner/runner').then(
    (m) => m.act(button),
    () => button.removeAttribute('aria-busy'),
  );
}

function onCodeAction(button: HTMLElement): void {
  const block = button.closest<HTMLElement>('.code-block');
  if (!block) return;
  if (button.dataset.codeAction === 'wrap') {
    const wrapped = block.classList.toggle('code-block--wrap');
    button.setAttribute('aria-pressed', String(wrapped));
    return;
  }
  import('./copyCode').then(
    (m) => m.copyCode(block, button),
    (error: unknown) => console.warn('dfdocs: could not copy the code', error),
  );
}

/** Selects `tab` in its tab list: ARIA state, roving tabindex and the visible panel. */
export function selectTab(tab: HTMLElement, focus = false): void {
  const list = tab.closest('[role="tablist"]');
  const root = tab.closest('[data-tabs]');
  if (!list || !root) return;
  for (const t of list.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
  if (focus) tab.focus();
}

const TAB_KEYS: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

function onClick(e: MouseEvent): void {
  const target = e.target as Element | null;
  if (!target || !(target instanceof Element)) return;
  const action = target.closest<HTMLElement>('[data-code-action]');
  if (action) return onCodeAction(action);
  const example = target.closest<HTMLElement>('[data-example-action]');
  if (example) return onExample(example);
  const tab = target.closest<HTMLElement>('[data-tabs] [role="tab"]');
  if (tab) chooseTab(tab);
}

/**
 * Tab groups (`groupId`, `queryString`, ./tabGroups.ts) are out of the first-load
 * JavaScript (its budget is tight): the navigation chunk restores the remembered choices
 * of each page shown, and a chosen tab loads the module to update its group.
 */
const withTabGroups = (then: (m: typeof import('./tabGroups')) => void): void =>
  void import('./tabGroups').then(then);

/** A tab the reader chose: shown, and its group's other tab lists follow. */
function chooseTab(tab: HTMLElement, focus?: boolean): void {
  selectTab(tab, focus);
  withTabGroups((m) => m.tabChosen(tab));
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.key === 'Tab') document.body.classList.add(KEYBOARD_CLASS);
  const target = e.target as Element | null;
  if (
    !(target instanceof HTMLElement) ||
    target.getAttribute('role') !== 'tab' ||
    !target.closest('[data-tabs]')
  )
    return;
  const move = TAB_KEYS[e.key];
  if (!move) return;
  const tabs = [
    ...(target.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []),
  ];
  const next = tabs[move(tabs.indexOf(target), tabs.length)];
  if (!next) return;
  e.preventDefault();
  chooseTab(next, true);
}

function onMouseDown(): void {
  document.body.classList.remove(KEYBOARD_CLASS);
}

let installed = false;

/** Installs the delegated listeners once. */
export function installDelegatedBehaviours(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('mousedown', onMouseDown);
}

if (typeof document !== 'undefined') installDelegatedBehaviours();
