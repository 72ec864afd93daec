import { withBaseUrl } from '../../src/shared/baseUrl';
import { Link } from '../Link';
import { useSite } from '../siteContext';
import { ThemedImage } from '../theme/ThemedImage';
import { slotOverrides } from '../slots';

/** Logo (themed, B9) and site title, linking home. */
export function NavbarBrand({ onClick }: { onClick?: () => void }) {
  const { config } = useSite();
  // The site's own brand, if it has one (config `components.navbarBrand`, see ../slots.ts).
  if (typeof __DFDOCS_SLOTS__ === 'undefined' || __DFDOCS_SLOTS__) {
    const Override = slotOverrides.navbarBrand;
    if (Override) return <Override config={config} onClick={onClick} />;
  }
  const title = config.navbar.title ?? config.title;
  return (
    <Link
      to="/"
      className="navbar__brand"
      onClick={onClick}
      aria-label={title ? undefined : 'Home page'}
    >
      {config.logo ? (
        <ThemedImage
          className="navbar__logo"
          light={withBaseUrl(config.logo.src, config.baseUrl)}
          dark={config.logo.srcDark ? withBaseUrl(config.logo.srcDark, config.baseUrl) : undefined}
          alt={title ? '' : config.logo.alt}
          width={32}
          height={32}
        />
      ) : null}
      {title ? <span className="navbar__title">{title}</span> : null}
    </Link>
  );
}
