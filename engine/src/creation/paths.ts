/** Dot paths into parsed JSON: `'data.items'`, `'results.0.rows'`. */
export function getPath(value: unknown, path: string | undefined): unknown {
  if (path === undefined || path === '') return value;
  let cur: unknown = value;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Flattens nested plain objects into dot-named keys: `{ a: { b: 1 } }` → `{ 'a.b': 1 }`. Arrays stay values. */
export function flattenRecord(
  record: Record<string, unknown>,
  prefix = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(record)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0) flattenRecord(v, key, out);
    else out[key] = v;
  }
  return out;
}

/** Dot paths (up to `depth` levels down) that hold arrays of objects, to suggest as `dataPath`. */
export function recordPaths(obj: Record<string, unknown>, prefix: string, depth: number): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v) && v.some(isPlainObject)) out.push(path);
    else if (isPlainObject(v) && depth > 1) out.push(...recordPaths(v, path, depth - 1));
  }
  return out;
}

export { isPlainObject };
