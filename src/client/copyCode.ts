/**
 * "Copy code to clipboard" of server-rendered code blocks, with "Copied" feedback. A
 * lazily loaded chunk: ./delegation.ts imports it on the first click of a copy button
 * (the click's user activation outlives the import), so pages never copied from never
 * download it.
 */

const COPIED_MS = 1500;

async function writeClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Insecure origins and some embedded browsers have no async clipboard.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('the browser refused to copy');
}

const copyTimers = new WeakMap<HTMLElement, number>();

/** Copies the code of the block holding `button` and shows "Copied" on the button for a while. */
export function copyCode(block: HTMLElement, button: HTMLElement): void {
  // A runnable example being edited (./runner/editor.ts): the code in its editor, line by line.
  const editor = block.querySelector('.cm-content');
  const text = editor
    ? [...editor.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n')
    : (block.querySelector('pre code')?.textContent ??
      block.querySelector('pre')?.textContent ??
      '');
  void writeClipboard(text.replace(/\n$/, '')).then(
    () => {
      button.classList.add('code-block__button--copied');
      button.setAttribute('aria-label', 'Copied');
      button.setAttribute('title', 'Copied');
      clearTimeout(copyTimers.get(button));
      copyTimers.set(
        button,
        window.setTimeout(() => {
          button.classList.remove('code-block__button--copied');
          button.setAttribute('aria-label', 'Copy code to clipboard');
          button.setAttribute('title', 'Copy');
        }, COPIED_MS),
      );
    },
    (error: unknown) => console.warn('dfdocs: could not copy the code', error),
  );
}
