import { useHydrated } from '../hooks/useHydrated';
import { useColorMode } from './ColorModeProvider';

function SunIcon() {
  return (
    <span
      aria-hidden="true"
      className="icon icon--sun color-toggle__icon color-toggle__icon--light"
    />
  );
}

function MoonIcon() {
  return (
    <span
      aria-hidden="true"
      className="icon icon--moon color-toggle__icon color-toggle__icon--dark"
    />
  );
}

/**
 * The dark/light switch (B4). Disabled in the server HTML, since it cannot work before
 * hydration; its title repeats its name. Both icons are rendered and CSS shows the one
 * matching `html[data-theme]`, so the right icon shows before hydration too.
 */
export function ColorModeToggle({ className }: { className?: string }) {
  const { colorMode, setColorMode } = useColorMode();
  const hydrated = useHydrated();
  const label = `Switch between dark and light mode (currently ${colorMode} mode)`;
  return (
    <button
      type="button"
      className={'color-toggle' + (className ? ' ' + className : '')}
      onClick={() => setColorMode(colorMode === 'dark' ? 'light' : 'dark')}
      disabled={!hydrated}
      title={label}
      aria-label={label}
      aria-live="polite"
    >
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
