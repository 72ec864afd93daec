import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type CSSProperties,
} from 'react';
import { useSite } from '../siteContext';
import { searchEngineLoader } from './searchEngineSlot';
import type { SearchDialogProps } from './SearchDialog';

/**
 * The navbar's search: a button that opens the search dialog on click, on `/` and on
 * Ctrl/⌘+K. This is all pages ship; the dialog is a separate chunk, and the dialog,
 * the engine and the index are only fetched when the reader first focuses the button
 * or presses a shortcut.
 */
let dialogChunk: Promise<ComponentType<SearchDialogProps>> | undefined;
function loadDialog(): Promise<ComponentType<SearchDialogProps>> {
  dialogChunk ??= import('./SearchDialog').then(
    (m) => m.SearchDialog,
    (error: unknown) => {
      dialogChunk = undefined; // the next attempt fetches again
      throw error;
    },
  );
  return dialogChunk;
}

/** Typing into a field: `/` is then a character, not the shortcut. */
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export function SearchIcon({ size = 18 }: { size?: number }) {
  return (
    <span
      aria-hidden="true"
      className="icon icon--search"
      style={size === 18 ? undefined : ({ '--icon-size': `${size}px` } as CSSProperties)}
    />
  );
}

export function SearchButton() {
  const { config } = useSite();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [Dialog, setDialog] = useState<ComponentType<SearchDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [isMac, setIsMac] = useState(false);
  const openRef = useRef(open);
  openRef.current = open;
  /** Keys typed after opening the first time, before the dialog's code arrived. */
  const typedRef = useRef('');

  /** Starts fetching the dialog and the index (first focus, first press). */
  const prepare = useCallback(() => {
    loadDialog().then(
      (C) => setDialog(() => C),
      () => {},
    );
    searchEngineLoader()?.(config.baseUrl).catch(() => {}); // the dialog reports failures
  }, [config.baseUrl]);

  const show = useCallback(() => {
    prepare();
    setOpen(true);
  }, [prepare]);

  const close = useCallback(() => setOpen(false), []);

  // Focus goes back to the button once the dialog has closed (while the modal dialog is
  // open the button is inert and cannot take it), also when `/` opened it from the page.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) buttonRef.current?.focus({ preventScroll: true });
    wasOpen.current = open;
  }, [open]);

  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      if (
        (e.key === 'k' || e.key === 'K') &&
        (e.metaKey || e.ctrlKey) &&
        !e.altKey &&
        !e.shiftKey
      ) {
        e.preventDefault();
        if (openRef.current) close();
        else show();
      } else if (
        e.key === '/' &&
        !e.metaKey &&
        !e.ctrlKey &&
        !e.altKey &&
        !openRef.current &&
        !isEditable(e.target)
      ) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [show, close]);

  // Opened before the dialog's chunk arrived (a fast reader on a slow line): keep what
  // they type for the dialog instead of losing it.
  const waiting = open && !Dialog;
  useEffect(() => {
    if (!waiting) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
      if (e.key === 'Escape') return close();
      if (e.key === 'Backspace') typedRef.current = typedRef.current.slice(0, -1);
      else if (e.key.length === 1) typedRef.current += e.key;
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [waiting, close]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="search-button"
        aria-haspopup="dialog"
        aria-keyshortcuts="/ Control+K Meta+K"
        onFocus={prepare}
        onPointerDown={prepare}
        onClick={show}
      >
        <SearchIcon />
        {/* The name comes from this label (visually hidden at mobile width, never removed), not
            from aria-label, so the visible text and the name match (WCAG 2.5.3). */}
        <span className="search-button__label">Search</span>
        <span className="search-button__keys" aria-hidden="true">
          <kbd>{isMac ? '⌘' : 'Ctrl'}</kbd>
          <kbd>K</kbd>
        </span>
      </button>
      {Dialog ? <Dialog open={open} onClose={close} initialQuery={typedRef.current} /> : null}
    </>
  );
}
