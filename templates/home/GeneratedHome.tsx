import { withBaseUrl } from '../../src/shared/baseUrl';
import { Link } from '../Link';
import { useSite } from '../siteContext';

/** A card of the generated home: a top-level part of the docs. */
export interface HomeSection {
  title: string;
  href: string;
  description?: string;
}

/**
 * The home page of a site that has no `pages/index.*`: the site's logo, title and tagline,
 * a "Get started" link to the main doc, and a card for each top-level part of the docs.
 * Rendered at build time (like a React page), so the browser never downloads it.
 */
export function GeneratedHome({ start, sections }: { start?: string; sections: HomeSection[] }) {
  const { config } = useSite();
  return (
    <div className="home">
      <header className="hero">
        <div className="hero__inner">
          {/* Static HTML that is never hydrated: both variants, CSS shows the current one. */}
          {config.logo
            ? (['light', 'dark'] as const).map((mode) => (
                <img
                  key={mode}
                  className={`hero__logo themed-image themed-image--${mode}`}
                  src={withBaseUrl(
                    (mode === 'dark' && config.logo!.srcDark) || config.logo!.src,
                    config.baseUrl,
                  )}
                  alt=""
                  width={88}
                  height={88}
                  loading={mode === 'dark' ? 'lazy' : undefined}
                />
              ))
            : null}
          <h1 className="hero__title">{config.title}</h1>
          {config.tagline ? <p className="hero__tagline">{config.tagline}</p> : null}
          {start ? (
            <div className="hero__actions">
              <Link className="button button--primary button--lg" to={start}>
                Get started
              </Link>
            </div>
          ) : null}
        </div>
      </header>
      {sections.length > 1 ? (
        <section className="home-section" aria-labelledby="home-contents">
          <div className="container">
            <h2 className="home-section__title" id="home-contents">
              In these docs
            </h2>
            <div className="features">
              {sections.map((s) => (
                <Link className="feature-card" to={s.href} key={s.href}>
                  <h3 className="feature-card__title">{s.title}</h3>
                  {s.description ? <p className="feature-card__text">{s.description}</p> : null}
                </Link>
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
