import { lookup } from 'mrmime';

/**
 * The `Content-Type` of a served file, from its name: text formats (HTML, CSS,
 * JavaScript, JSON, XML, SVG, plain text) say UTF-8, since the build writes UTF-8;
 * a name with no known type is plain bytes.
 */
export function contentTypeOf(name: string): string {
  const type = lookup(name);
  if (!type) return 'application/octet-stream';
  return /^text\/|\/(javascript|json|xml)$|\+xml$/.test(type) ? `${type}; charset=utf-8` : type;
}
