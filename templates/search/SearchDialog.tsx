import {
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { withBaseUrl } from '../../src/shared/baseUrl';
import type { SearchEngine } from '../../src/shared/searchIndex';
import { useSite } from '../siteContext';
import { useRouter } from '../routerContext';
import { searchEngineLoader } from './searchEngineSlot';
import { SearchIcon } from './SearchButton';
import { SearchOption, type Option } from './SearchHit';
import {
  clearRecentSearches,
  readRecentSearches,
  rememberSearch,
  type RecentSearch,
} from './recentSearches';

/**
 * The search dialog (a lazily loaded chunk): a modal `<dialog>` holding a combobox
 * and a listbox of results grouped by page (the WAI-ARIA combobox pattern: focus stays
 * in the input, `aria-activedescendant` names the active option).
 */
export interface SearchDialogProps {
  open: boolean;
  /** Closes the dialog; the button takes the focus back. */
  onClose: () => void;
  /** What the reader typed before the dialog's code arrived (first opening only). */
  initialQuery?: string;
}

type Status =
  | { state: 'loading' }
  | { state: 'ready'; engine: SearchEngine }
  | { state: 'error'; detail: string };

interface OptionGroup {
  key: string;
  label: string;
  badge?: string;
  options: Option[];
}

export function SearchDialog({ open, onClose, initialQuery = '' }: SearchDialogProps) {
  const { config } = useSite();
  const { navigate } = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const id = 'search' + useId();
  const listboxId = `${id}listbox`;
  const optionId = (i: number) => `${id}option-${i}`;

  const [query, setQuery] = useState(initialQuery);
  const deferredQuery = useDeferredValue(query);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [recent, setRecent] = useState<RecentSearch[]>([]);
  const [active, setActive] = useState(0);
  const [texts, setTexts] = useState<ReadonlyMap<number, string>>(new Map());

  // Load the engine (already requested by the button, so usually settled); again on "Retry".
  useEffect(() => {
    const load = searchEngineLoader();
    if (!load) {
      setStatus({ state: 'error', detail: 'search is not available on this page' });
      return;
    }
    let alive = true;
    setStatus({ state: 'loading' });
    load(config.baseUrl).then(
      (engine) => alive && setStatus({ state: 'ready', engine }),
      (error: unknown) =>
        alive &&
        setStatus({
          state: 'error',
          detail: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      alive = false;
    };
  }, [attempt, config.baseUrl]);

  // The React state drives the native dialog (modal: focus trap, top layer, inert page).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    document.documentElement.classList.toggle('search-dialog-open', open); // scroll lock
    if (open && !dialog.open) {
      setRecent(readRecentSearches());
      dialog.showModal();
      inputRef.current?.focus();
      if (initialQuery && inputRef.current?.value === initialQuery)
        inputRef.current.setSelectionRange(initialQuery.length, initialQuery.length);
      else inputRef.current?.select();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // Only opening and closing drive the dialog; the query typed meanwhile must not reopen it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const q = deferredQuery.trim();
  const groups: OptionGroup[] = useMemo(() => {
    // The index failed: the message and its Retry stand alone (no hidden options behind them).
    if (status.state === 'error') return [];
    if (!q) {
      if (!recent.length) return [];
      return [
        {
          key: 'recent',
          label: 'Recent searches',
          options: recent.map((r) => ({
            href: r.href,
            pageTitle: r.title,
            headings: r.headings,
            terms: [],
            query: r.query,
          })),
        },
      ];
    }
    if (status.state !== 'ready') return [];
    return status.engine.search(q).map((g) => ({
      key: g.route,
      label: g.title,
      badge: g.kind === 'api' ? 'API' : undefined,
      options: g.hits.map((h) => ({
        href: h.href,
        pageTitle: g.title,
        headings: h.headings,
        textId: h.id,
        terms: h.terms,
      })),
    }));
  }, [q, status, recent]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  useEffect(() => setActive(0), [groups]);

  // Snippets: the texts of the sections listed, fetched a text file at a time.
  useEffect(() => {
    if (status.state !== 'ready') return;
    const missing = options.flatMap((o) =>
      o.textId !== undefined && !texts.has(o.textId) ? [o.textId] : [],
    );
    if (!missing.length) return;
    let alive = true;
    status.engine.texts(missing).then(
      (found) => {
        if (alive && found.size) setTexts((prev) => new Map([...prev, ...found]));
      },
      () => {},
    );
    return () => {
      alive = false;
    };
  }, [options, status, texts]);

  useEffect(() => {
    if (!open) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [active, open]); // eslint-disable-line react-hooks/exhaustive-deps

  function choose(option: Option) {
    setRecent(
      rememberSearch({
        query: option.query ?? q,
        href: option.href,
        title: option.pageTitle,
        headings: option.headings,
      }),
    );
    onClose();
    navigate(withBaseUrl(option.href, config.baseUrl));
  }

  function onInputKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing) return;
    const n = options.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (n) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = options[active];
      if (option) choose(option);
    }
  }

  const showList = options.length > 0;
  const loading = !!q && status.state === 'loading';
  const noResults = !!q && status.state === 'ready' && options.length === 0;
  // What the status region announces (the load error is an alert of its own).
  let announcement = '';
  if (loading) announcement = 'Loading the search index…';
  else if (noResults) announcement = `No results for “${q}”.`;
  else if (q && showList)
    announcement = `${options.length} result${options.length === 1 ? '' : 's'} on ${groups.length} page${groups.length === 1 ? '' : 's'}.`;

  let index = 0;
  // Always in the DOM (hidden when empty), so the combobox's aria-controls always names it.
  const list = (
    <div
      role="listbox"
      id={listboxId}
      ref={listRef}
      aria-label={q ? 'Search results' : 'Recent searches'}
      className="search-results"
      hidden={!showList || status.state === 'error'}
      data-query={status.state === 'ready' ? q : undefined}
    >
      {groups.map((g, gi) => (
        <div role="group" key={g.key} aria-labelledby={`${id}group-${gi}`} className="search-group">
          <div id={`${id}group-${gi}`} role="presentation" className="search-group__title">
            {g.label}
            {g.badge ? <span className="search-group__badge">{g.badge}</span> : null}
          </div>
          {g.options.map((o) => {
            const i = index++;
            return (
              <SearchOption
                key={o.href + i}
                option={o}
                id={optionId(i)}
                active={i === active}
                text={o.textId === undefined ? undefined : texts.get(o.textId)}
                baseUrl={config.baseUrl}
                onChoose={choose}
                onHover={() => setActive(i)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );

  const dialog = (
    <dialog
      ref={dialogRef}
      className="search-dialog"
      aria-label="Search"
      onCancel={(e) => {
        e.preventDefault(); // Escape: close through the state, so the focus goes back
        onClose();
      }}
      // Closed natively (e.g. Chrome's close watcher); a late event after reopening is ignored.
      onClose={(e) => open && !e.currentTarget.open && onClose()}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="search-dialog__panel">
        <form className="search-dialog__bar" role="search" onSubmit={(e) => e.preventDefault()}>
          <span className="search-dialog__icon" aria-hidden="true">
            <SearchIcon size={20} />
          </span>
          <input
            ref={inputRef}
            id={`${id}input`}
            className="search-dialog__input"
            type="text"
            role="combobox"
            aria-label="Search the docs"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listboxId}
            aria-activedescendant={
              showList && status.state !== 'error' ? optionId(active) : undefined
            }
            placeholder="Search the docs"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={128}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onInputKeyDown}
          />
          {query ? (
            <button
              type="button"
              className="search-dialog__clear"
              aria-label="Clear the query"
              onClick={() => {
                setQuery('');
                inputRef.current?.focus();
              }}
            >
              <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                <path
                  d="M5 5l10 10M15 5 5 15"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
          <button type="button" className="search-dialog__cancel" onClick={onClose}>
            Cancel
          </button>
        </form>
        <div className="search-dialog__body">
          {status.state === 'error' ? (
            <div className="search-dialog__message search-dialog__message--error" role="alert">
              <p className="search-dialog__message-title">The search index could not be loaded.</p>
              <p>Check your connection, then try again.</p>
              <button
                type="button"
                className="search-dialog__retry"
                onClick={() => setAttempt((a) => a + 1)}
              >
                Retry
              </button>
            </div>
          ) : loading ? (
            <div className="search-dialog__message">
              <span className="search-dialog__spinner" aria-hidden="true" />
              Loading the search index…
            </div>
          ) : noResults ? (
            <div className="search-dialog__message">
              <p className="search-dialog__message-title">
                No results for “<strong>{q}</strong>”
              </p>
              <p>Check the spelling or try fewer or more general words.</p>
            </div>
          ) : !q && !recent.length ? (
            <div className="search-dialog__message">
              <p>Search pages, headings and API functions.</p>
            </div>
          ) : null}
          {list}
          {!q && recent.length && status.state !== 'error' ? (
            <button
              type="button"
              className="search-dialog__forget"
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
                inputRef.current?.focus();
              }}
            >
              Clear recent searches
            </button>
          ) : null}
        </div>
        <div className="search-dialog__footer" aria-hidden="true">
          <span>
            <kbd>↑</kbd>
            <kbd>↓</kbd> to navigate
          </span>
          <span>
            <kbd>↵</kbd> to open
          </span>
          <span>
            <kbd>esc</kbd> to close
          </span>
        </div>
        <div role="status" className="search-dialog__sr-only">
          {announcement}
        </div>
      </div>
    </dialog>
  );
  return createPortal(dialog, document.body);
}
