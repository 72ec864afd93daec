/**
 * Cell formatting shared by the text outputs.
 * @internal
 * @module
 */

/** @internal A cell as text for CSV/Markdown/HTML: missing → `''`, dates ISO 8601, objects as JSON. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v !== v ? '' : String(v);
  if (typeof v === 'string') return v;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v) ?? '';
  return String(v);
}

/** @internal Escapes text for HTML content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** @internal A cell as a JSON value: missing and non-finite numbers → `null`, dates → ISO strings. */
export function jsonValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  return v;
}
