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
export function flattenRecord(record: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, v] of Object.entries(record)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isPlainObject(v) && Object.keys(v).length > 0) flattenRecord(v, key, out);
    else out[key] = v;
  }
  return out;
}

export { isPlainObject };
