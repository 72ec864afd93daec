/**
 * Loading optional peer packages (such as `exceljs` for readExcel) lazily,
 * only when a reader needs one, with an error that says what to install.
 */

const overrides = new Map<string, unknown>();

/** Tests: make `loadPeer(name)` return `module` (or fail as if missing, with `null`). */
export function setPeerOverride(name: string, module: unknown): void {
  if (module === undefined) overrides.delete(name);
  else overrides.set(name, module);
}

/** Imports an optional package, or throws an Error naming it and the install command. */
export async function loadPeer<T>(name: string, fn: string, purpose: string): Promise<T> {
  const missing = (cause?: unknown) =>
    new Error(
      `${fn}() needs the optional package "${name}" to ${purpose}. Install it with: npm install ${name}`,
      { cause },
    );
  if (overrides.has(name)) {
    const m = overrides.get(name);
    if (m === null) throw missing();
    return m as T;
  }
  const specifier = name; // a variable, so bundlers do not try to include the peer
  let mod: unknown;
  try {
    mod = await import(/* @vite-ignore */ /* webpackIgnore: true */ specifier);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (
      code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find (module|package)|Failed to resolve/i.test(String(e))
    )
      throw missing(e);
    throw e;
  }
  const m = mod as { default?: unknown };
  return (m.default && typeof m.default === 'object' ? m.default : m) as T;
}
