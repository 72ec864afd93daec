/**
 * Tab groups (Docusaurus's `groupId`): choosing a tab chooses the tab of the same value in
 * every group of that id on the page, and the choice is remembered in `localStorage` under
 * Docusaurus's key `docusaurus.tab.<groupId>` (so a migrated site keeps readers' choices),
 * restored on every page that shows the group, and followed when another browser tab
 * changes it. A group with a `queryString` also reads its choice from that query
 * parameter (which wins) and writes it there.
 */
import { storage } from '../../templates/storage';
import { selectTab } from './delegation';

const KEY_PREFIX = 'docusaurus.tab.';

export const tabGroupKey = (groupId: string): string => KEY_PREFIX + groupId;

/** The tab of `tabs` whose value is `value`, if any. */
function tabOf(tabs: Element, value: string): HTMLElement | undefined {
  for (const tab of tabs.querySelectorAll<HTMLElement>('[role="tablist"] > [role="tab"]'))
    if (tab.dataset.value === value && tab.closest('[data-tabs]') === tabs) return tab;
  return undefined;
}

/** Chooses `value` in every group `groupId` on the page that has it. */
function chooseInGroup(groupId: string, value: string): void {
  for (const tabs of document.querySelectorAll<HTMLElement>('[data-tabs][data-group-id]')) {
    if (tabs.dataset.groupId !== groupId) continue;
    const tab = tabOf(tabs, value);
    if (tab && tab.getAttribute('aria-selected') !== 'true') selectTab(tab);
  }
}

/** After the reader chose `tab`: its group follows, the choice is stored, and its query parameter set. */
export function tabChosen(tab: HTMLElement): void {
  const tabs = tab.closest<HTMLElement>('[data-tabs]');
  const value = tab.dataset.value;
  if (!tabs || value === undefined) return;
  const { groupId, queryString } = tabs.dataset;
  if (groupId) {
    storage.set(tabGroupKey(groupId), value);
    chooseInGroup(groupId, value);
  }
  if (queryString) {
    const url = new URL(location.href);
    url.searchParams.set(queryString, value);
    history.replaceState(history.state, '', url);
  }
}

/**
 * Shows each group's remembered choice on the page as it is now: a value in a tab list's
 * query parameter first (for every list of its group), else the stored one.
 */
export function restoreTabChoices(): void {
  const params = new URLSearchParams(location.search);
  const lists = [...document.querySelectorAll<HTMLElement>('[data-tabs]')];
  const fromQuery = new Map<string, string>();
  for (const tabs of lists) {
    const { groupId, queryString } = tabs.dataset;
    const value = queryString ? params.get(queryString) : null;
    if (groupId && value !== null && !fromQuery.has(groupId)) fromQuery.set(groupId, value);
  }
  for (const tabs of lists) {
    const { groupId, queryString } = tabs.dataset;
    const wanted =
      (queryString ? params.get(queryString) : null) ??
      (groupId ? (fromQuery.get(groupId) ?? storage.get(tabGroupKey(groupId))) : null);
    if (wanted === null) continue;
    const tab = tabOf(tabs, wanted);
    if (tab && tab.getAttribute('aria-selected') !== 'true') selectTab(tab);
  }
}

// Choices made in other browser tabs (the `storage` event) are followed from the first
// time a page with a group loaded this chunk.
addEventListener('storage', (e) => {
  if (e.key?.startsWith(KEY_PREFIX) && e.newValue !== null)
    chooseInGroup(e.key.slice(KEY_PREFIX.length), e.newValue);
});
