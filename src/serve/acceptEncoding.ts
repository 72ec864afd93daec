/** The content codings this server can send: brotli, gzip, or the bytes as they are. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Server preference when the client weighs codings alike: the smallest first. */
const SERVER_ORDER: readonly Coding[] = ['br', 'gzip', 'identity'];

/** Weight of `identity` when the header neither names it nor has `*`: acceptable, but last. */
const IDENTITY_BY_DEFAULT = 0.0001;

/** `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )` (RFC 9110 §12.4.2). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The weight of each coding the header names (lower-cased; `x-gzip` is gzip), `undefined` for a bad element. */
function weights(header: string): Map<string, number> {
  const named = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawName, ...params] = element.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    let bad = false;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() !== 'q') continue;
      if (value === undefined || !QVALUE.test(value)) bad = true;
      else q = Number(value);
    }
    if (bad) continue; // an element we cannot read counts as not sent
    const coding = name === 'x-gzip' ? 'gzip' : name;
    // The same coding twice: the first one counts.
    if (!named.has(coding)) named.set(coding, q);
  }
  return named;
}

/**
 * The codings the client accepts for this response, most wanted first (RFC 9110
 * §12.5.3): its q-values decide, ties go to the smaller coding. `q=0` refuses a
 * coding; `*` stands for every coding it does not name; `identity` is acceptable
 * unless refused by `identity;q=0` or `*;q=0`. No header: the bytes as they are (a
 * client that sends none, like curl, usually cannot decode anything). An empty list
 * means nothing is acceptable (406).
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  if (header === undefined) return ['identity'];
  const named = weights(header);
  const star = named.get('*');
  const weightOf = (coding: Coding): number =>
    named.get(coding) ?? star ?? (coding === 'identity' ? IDENTITY_BY_DEFAULT : 0);
  return SERVER_ORDER.filter((c) => weightOf(c) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}
