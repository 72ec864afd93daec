import { isIP } from 'node:net';

/** `all`, or host names the dev server answers besides its own addresses. */
export type AllowedHosts = 'all' | string[];

/** Reads `--allowed-hosts`: `all`, or names separated by commas (`.example.com` allows its subdomains too). */
export function parseAllowedHosts(value: string | undefined): AllowedHosts {
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return names.includes('all') ? 'all' : names;
}

/** The host name of a `Host` header: port and IPv6 brackets off, lower case, no final dot. */
export function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(1, h.indexOf(']')) : h.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

/**
 * Whether the dev server answers a request carrying this `Host` header, as Vite's
 * `server.allowedHosts` decides: a page on another site can make a browser resolve its
 * own name to 127.0.0.1 (DNS rebinding) and then read the dev server as that site, but
 * it cannot make the browser send a `Host` the server accepts. Allowed: `localhost` and
 * `*.localhost`, any IP literal (no rebinding needs a name), the host the server is bound
 * to, and the names given with `--allowed-hosts` (`.example.com`: it and its subdomains),
 * or everything with `all`. No `Host` at all (HTTP/1.0 tools) is allowed: browsers
 * always send one.
 */
export function isAllowedHost(
  header: string | undefined,
  boundHost: string,
  allowed: AllowedHosts,
): boolean {
  if (allowed === 'all' || header === undefined) return true;
  const name = hostnameOf(header);
  if (!name) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || isIP(name) !== 0) return true;
  if (name === boundHost.toLowerCase().replace(/\.$/, '')) return true;
  return allowed.some((entry) =>
    entry.startsWith('.') ? name === entry.slice(1) || name.endsWith(entry) : name === entry,
  );
}
