/** Type cleaning for API payloads: per column, turn text that is clearly numbers, booleans or dates into them. */
import { parseBoolean, parseIsoDate, parseNumber } from '../io/parseValue.js';

/** Text values treated as missing when cleaning. */
export const DEFAULT_NULL_VALUES: readonly string[] = [
  '',
  'null',
  'NULL',
  'None',
  'N/A',
  'n/a',
  'NA',
  'NaN',
  '-',
];

/**
 * Cleans one column of values: trims text, turns null markers into `null`,
 * then converts the column to numbers, booleans or dates when every
 * remaining text value (and value) is one. Mixed columns stay as they are.
 */
export function cleanColumn(
  values: readonly unknown[],
  nullValues: ReadonlySet<string>,
): unknown[] {
  const out = values.map((v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim();
    return nullValues.has(t) ? null : t;
  });
  const present = out.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return out;
  if (
    present.every(
      (v) => typeof v === 'number' || (typeof v === 'string' && parseNumber(v) !== undefined),
    )
  ) {
    return out.map((v) => (typeof v === 'string' ? parseNumber(v)! : v));
  }
  if (
    present.every(
      (v) => typeof v === 'boolean' || (typeof v === 'string' && parseBoolean(v) !== undefined),
    )
  ) {
    return out.map((v) => (typeof v === 'string' ? parseBoolean(v)! : v));
  }
  if (
    present.every((v) => v instanceof Date || (typeof v === 'string' && parseIsoDate(v) !== null))
  ) {
    return out.map((v) => (typeof v === 'string' ? new Date(parseIsoDate(v)!) : v));
  }
  return out;
}
