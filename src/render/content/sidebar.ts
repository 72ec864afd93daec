import { posix } from 'node:path';
import type { SidebarItem, PageLink } from '../../shared/pageData';
import type { CategoryMeta, DocSource } from './sources';

interface Folder {
  path: string;
  docs: DocSource[];
  folders: Map<string, Folder>;
}

interface Positioned {
  item: SidebarItem;
  position: number;
  name: string;
}

function folderOf(doc: DocSource): string {
  const d = posix.dirname(doc.docPath);
  return d === '.' ? '' : d;
}

function isIndex(doc: DocSource): boolean {
  return posix.basename(doc.docPath).replace(/\.mdx?$/, '') === 'index';
}

function humanise(name: string): string {
  const s = name.replace(/[-_]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export function docLabel(doc: DocSource): string {
  return (
    doc.sidebarLabel ?? doc.title ?? humanise(posix.basename(doc.docPath).replace(/\.mdx?$/, ''))
  );
}

function buildTree(docs: DocSource[], rootPath: string): Folder {
  const root: Folder = { path: rootPath, docs: [], folders: new Map() };
  for (const doc of docs) {
    const dir = folderOf(doc);
    if (rootPath && dir !== rootPath && !dir.startsWith(rootPath + '/')) continue;
    const rel = rootPath ? dir.slice(rootPath.length).replace(/^\//, '') : dir;
    let node = root;
    if (rel) {
      for (const part of rel.split('/')) {
        let next = node.folders.get(part);
        if (!next) {
          next = { path: node.path ? `${node.path}/${part}` : part, docs: [], folders: new Map() };
          node.folders.set(part, next);
        }
        node = next;
      }
    }
    node.docs.push(doc);
  }
  return root;
}

const byPosition = (a: Positioned, b: Positioned) =>
  a.position - b.position || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function folderCategory(folder: Folder, categories: Map<string, CategoryMeta>): Positioned {
  const meta = categories.get(folder.path) ?? {};
  const index = folder.docs.find(isIndex);
  const name = posix.basename(folder.path);
  return {
    item: {
      type: 'category',
      label: meta.label ?? (index ? docLabel(index) : humanise(name)),
      href: index?.route,
      items: folderItems(folder, categories),
      collapsed: meta.collapsed ?? false,
    },
    position: meta.position ?? index?.sidebarPosition ?? Number.MAX_SAFE_INTEGER,
    name,
  };
}

function folderItems(folder: Folder, categories: Map<string, CategoryMeta>): SidebarItem[] {
  const entries: Positioned[] = [];
  for (const doc of folder.docs) {
    if (isIndex(doc)) continue;
    entries.push({
      item: { type: 'link', label: docLabel(doc), href: doc.route, docId: doc.id },
      position: doc.sidebarPosition ?? Number.MAX_SAFE_INTEGER,
      name: posix.basename(doc.docPath),
    });
  }
  for (const sub of folder.folders.values()) entries.push(folderCategory(sub, categories));
  return entries.sort(byPosition).map((e) => e.item);
}

/**
 * The docs sidebar, generated from the folder tree. With `rootFolder` (e.g.
 * `getting-started`) that folder is the one top category and only its docs are listed;
 * otherwise every doc of `docs/` is.
 */
export function generateSidebar(
  docs: DocSource[],
  categories: Map<string, CategoryMeta>,
  rootFolder?: string,
): SidebarItem[] {
  const tree = buildTree(docs, rootFolder ?? '');
  if (rootFolder) return [folderCategory(tree, categories).item];
  const items = folderItems(tree, categories);
  const rootIndex = tree.docs.find(isIndex);
  if (rootIndex)
    items.unshift({
      type: 'link',
      label: docLabel(rootIndex),
      href: rootIndex.route,
      docId: rootIndex.id,
    });
  return items;
}

/** Routes listed in a sidebar, in reading order (linked categories included). */
export function flattenSidebar(items: SidebarItem[], out: PageLink[] = []): PageLink[] {
  for (const item of items) {
    if (item.href) out.push({ title: item.label, href: item.href });
    if (item.type === 'category') flattenSidebar(item.items, out);
  }
  return out;
}
