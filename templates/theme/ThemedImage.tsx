import { useHydrated } from '../hooks/useHydrated';
import { useColorMode } from './ColorModeProvider';

export interface ThemedImageProps {
  alt: string;
  light: string;
  /** Defaults to `light`. */
  dark?: string;
  className?: string;
  width?: number;
  height?: number;
}

/**
 * An image with a light and a dark variant (B9). The server HTML holds both and CSS shows
 * the one matching `html[data-theme]`, so no theme flashes before hydration; afterwards
 * only the current variant stays in the DOM. `loading="lazy"` keeps the hidden variant
 * from being fetched at all, and stops React from emitting `<link rel=preload as=image>`
 * into the server markup (which hydration would then trip over).
 */
export function ThemedImage({ alt, light, dark, className, width, height }: ThemedImageProps) {
  const { colorMode } = useColorMode();
  const hydrated = useHydrated();
  const variants = hydrated ? [colorMode] : (['light', 'dark'] as const);
  return (
    <>
      {variants.map((mode) => (
        <img
          key={mode}
          src={mode === 'dark' ? (dark ?? light) : light}
          alt={alt}
          width={width}
          height={height}
          loading="lazy"
          decoding="async"
          className={`themed-image themed-image--${mode}` + (className ? ' ' + className : '')}
        />
      ))}
    </>
  );
}
