import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { isExternalUrl, withBaseUrl } from '../src/shared/baseUrl';
import { useSite } from './siteContext';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /** Internal route (base URL added) or external URL (opens in a new tab). */
  to: string;
  children?: ReactNode;
}

/**
 * A link. Internal routes get the base URL once; the client router intercepts their
 * clicks by delegation (so links inside server-rendered markdown behave the same).
 * External links open in a new tab (B16).
 */
export function Link({ to, children, ...rest }: LinkProps) {
  const { config } = useSite();
  if (isExternalUrl(to)) {
    return (
      <a href={to} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={to.startsWith('/') ? withBaseUrl(to, config.baseUrl) : to} {...rest}>
      {children}
    </a>
  );
}
