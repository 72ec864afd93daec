import type { UserConfig } from './shared/config';

/** Types a site config in `dfdocs.config.ts`; returns its argument unchanged. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
export type { UserConfig, SiteConfig } from './shared/config';
