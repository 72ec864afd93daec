/**
 * JSON with every non-ASCII character escaped, so a pack is (nearly always) ASCII and is
 * read as one-byte strings: decoding 9 MB of UTF-8 holding a few `…` took 37 ms of a
 * rebuild and made every string cut from it two-byte, slower to split and parse.
 */
export function asciiJson(value: unknown): string {
  return asciiJsonText(JSON.stringify(value));
}

/** A JSON text with every non-ASCII character escaped (in JSON they can only be inside strings). */
export function asciiJsonText(json: string): string {
  return json.replace(
    /[\u007f-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'),
  );
}
