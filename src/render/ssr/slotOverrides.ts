/**
 * The site's component overrides on the server (config `components`): compiled once into
 * a module every render thread imports (see ../modules/siteBundle.ts), and put into the
 * templates' slot registry before pages render. The browser gets them from the site's own
 * client bundle (src/render/bundle/bundleClient.ts).
 */
import type { ComponentSlot, SiteConfig } from '../../shared/config';
import { DfdocsError } from '../diagnostics';
import { compileSiteBundle, defaultExport } from '../modules/siteBundle';
import { slotOverrides, type SlotOverrides } from '../../../templates/slots';

const slotsOf = (config: SiteConfig) =>
  (Object.entries(config.components) as [ComponentSlot, string | undefined][]).filter(
    (e): e is [ComponentSlot, string] => Boolean(e[1]),
  );

/** Compiles the overrides; undefined when the site has none. */
export async function compileSlotOverrides(
  root: string,
  config: SiteConfig,
  configFile: string | undefined,
): Promise<string | undefined> {
  const slots = slotsOf(config);
  if (!slots.length) return undefined;
  return compileSiteBundle(
    root,
    'components',
    slots.map(([, path]) => path),
    configFile,
    {
      code: 'ComponentLoad',
      what: 'a component override',
      hint: 'fix the module named in `components` of the config',
    },
  );
}

/**
 * Fills `registry` (this thread's templates' registry unless given, e.g. the dev server's
 * freshly bundled templates) with the compiled overrides, or empties it.
 */
export async function installSlotOverrides(
  url: string | undefined,
  config: SiteConfig,
  configFile?: string,
  registry: SlotOverrides = slotOverrides,
): Promise<void> {
  for (const key of Object.keys(registry)) delete registry[key as ComponentSlot];
  if (!url) return;
  const modules = ((await import(url)) as { default: Record<string, unknown>[] }).default;
  slotsOf(config).forEach(([slot, path], i) => {
    const component = defaultExport(modules[i]!);
    // A function component, or what memo()/forwardRef() return.
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null))
      throw new DfdocsError({
        code: 'ComponentShape',
        severity: 'error',
        message: `the component override "${path}" (components.${slot}) has no default export that is a React component`,
        hint: 'export the component as default: `export default function Footer() { return <footer>…</footer>; }`',
        file: configFile,
      });
    (registry as Record<string, unknown>)[slot] = component;
  });
}
