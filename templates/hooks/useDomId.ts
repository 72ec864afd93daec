import { useId } from 'react';

/**
 * A unique element id that begins with a letter: React's `useId` values begin with `_`,
 * which html-validate's `valid-id` rejects (and which reads as a private name).
 */
export function useDomId(prefix: string): string {
  return prefix + useId();
}
