/**
 * Hydrates the islands of the page shown (see ./islands.ts): each `<dfdocs-island>` gets
 * its component from its own chunk (./registry.ts) and is hydrated with the props it was
 * rendered with at build time, at once (`load`) or when it comes within 200 px of the
 * viewport (`visible`). Islands of a page the reader left are unmounted (their effects
 * cleaned up), and those never seen stop being watched.
 */
// `jsx` rather than `createElement`: the client's React shim (src/client/shims) has it already.
import { jsx } from 'react/jsx-runtime';
import type { ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { ISLAND_TAG, SLOT_TAG } from '../../shared/islands';
import { islandLoaders } from './registry';

const roots = new Map<HTMLElement, Root>();
const started = new WeakSet<HTMLElement>();
/** `visible` islands not hydrated yet, by the element watched for each: an island has no box of its own (`display: contents`). */
const watched = new Map<Element, HTMLElement>();
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const el = watched.get(entry.target);
      if (!entry.isIntersecting || !el) continue;
      observer.unobserve(entry.target);
      watched.delete(entry.target);
      void hydrate(el);
    }
  },
  { rootMargin: '200px' },
);
const boxOf = (el: HTMLElement): Element => el.firstElementChild ?? el.parentElement ?? el;

/** What the page put inside the island, as the server rendered it (its own slot, not a nested island's). */
function slotOf(el: HTMLElement) {
  for (const slot of el.querySelectorAll(SLOT_TAG))
    if (slot.closest(ISLAND_TAG) === el)
      return jsx(SLOT_TAG as 'div', { dangerouslySetInnerHTML: { __html: slot.innerHTML } });
  return undefined;
}

async function hydrate(el: HTMLElement): Promise<void> {
  if (started.has(el)) return;
  started.add(el);
  const id = el.dataset.island ?? '';
  const load = islandLoaders[id];
  if (!load) {
    console.error(`dfdocs: the island "${id}" is not in this site's bundle`);
    return;
  }
  const Component = (await load()).default as ComponentType<Record<string, unknown>>;
  if (!el.isConnected) return; // the reader left the page meanwhile
  const props = JSON.parse(el.dataset.props ?? '{}') as Record<string, unknown>;
  roots.set(
    el,
    hydrateRoot(el, jsx(Component, { ...props, children: slotOf(el) }), {
      onRecoverableError(error, info) {
        console.error('dfdocs island onRecoverableError:', error, info.componentStack ?? '');
      },
    }),
  );
}

/** Brings the islands in line with the page shown. */
export function syncIslands(): void {
  for (const [el, root] of roots)
    if (!el.isConnected) {
      roots.delete(el);
      root.unmount();
    }
  for (const [box, el] of watched)
    if (!el.isConnected) {
      observer.unobserve(box);
      watched.delete(box);
    }
  const waiting = new Set(watched.values());
  for (const el of document.querySelectorAll<HTMLElement>(ISLAND_TAG)) {
    // An island inside another is the outer one's business (it rendered it).
    if (started.has(el) || waiting.has(el) || el.parentElement?.closest(ISLAND_TAG)) continue;
    if (el.dataset.hydrate === 'visible') {
      const box = boxOf(el);
      watched.set(box, el);
      observer.observe(box);
    } else void hydrate(el);
  }
}
