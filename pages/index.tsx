import { DataFrame } from 'tinyframejs';
import { Link } from '../templates/Link';
import { Code } from '../templates/markdown/Code';
import { useSite } from '../templates/siteContext';
import { withBaseUrl } from '../src/shared/baseUrl';

export const description =
  'TinyFrame: a tiny, lightning-fast dataframe engine for JavaScript — typed, columnar, immutable tables for Node.js and the browser.';

/** The first example, as shown on the page (test/content-home.test.ts runs it and compares). */
export const FIRST_EXAMPLE = `import { DataFrame } from 'tinyframejs';

const cafe = new DataFrame({
  item: ['Espresso', 'Latte', 'Mocha', 'Tea', 'Scone'],
  sold: [412, 388, 140, 205, 96],
  price: [2.2, 3.4, 3.8, 2.0, 2.9],
});

cafe
  .assign({ revenue: (r) => r.sold * r.price })
  .sort('revenue', { ascending: false })
  .head(3)
  .print();`;

/** The same code, run when the site is built: the printed table below is the engine's own output. */
export function firstExampleOutput(): string {
  const cafe = new DataFrame({
    item: ['Espresso', 'Latte', 'Mocha', 'Tea', 'Scone'],
    sold: [412, 388, 140, 205, 96],
    price: [2.2, 3.4, 3.8, 2.0, 2.9],
  });
  return cafe
    .assign({ revenue: (r) => r.sold * r.price })
    .sort('revenue', { ascending: false })
    .head(3)
    .toString();
}

const REPO = 'https://github.com/tinyframejs/tinyframejs';

const CARDS: { title: string; text: string; to: string }[] = [
  {
    title: 'Getting started',
    text: 'Install TinyFrame, run a first example in a minute, then follow ten short tutorials.',
    to: '/docs/getting-started',
  },
  {
    title: 'API reference',
    text: 'Every function and option, generated from the source, each with an example that runs.',
    to: '/docs/api/',
  },
  {
    title: 'Contributing',
    text: 'Report a bug, improve an example, or add a feature: how the project works and how to help.',
    to: `${REPO}/blob/main/CONTRIBUTING.md`,
  },
  {
    title: 'Releases',
    text: 'What each version contains and what changed, starting with 0.1.0.',
    to: '/docs/release-notes',
  },
];

const CAN_DO: [string, string][] = [
  ['Read', 'CSV, TSV, JSON, Excel and SQL results — from files, URLs or browser uploads.'],
  ['Shape', 'filter, sort, join, group, pivot and melt, with plain functions or method chains.'],
  [
    'Summarise',
    'describe, quantiles, correlation and statistics per group, missing values skipped.',
  ],
  ['Show', 'print readable tables, write CSV, JSON or Markdown, and draw charts as plain SVG.'],
];

export default function Home() {
  const { config } = useSite();
  const logo = (file: string) => withBaseUrl(`/img/${file}`, config.baseUrl);
  return (
    <div className="home">
      <header className="hero">
        <div className="hero__inner">
          <img
            className="hero__logo themed-image themed-image--light"
            src={logo('logo.svg')}
            alt=""
            width={88}
            height={88}
          />
          <img
            className="hero__logo themed-image themed-image--dark"
            src={logo('logo-dark.svg')}
            alt=""
            width={88}
            height={88}
            loading="lazy"
          />
          <h1 className="hero__title">TinyFrameJS</h1>
          <p className="hero__tagline">A tiny, lightning-fast dataframe engine for JavaScript</p>
          <div className="hero__actions">
            <Link className="button button--primary button--lg" to="/docs/getting-started">
              Get started
            </Link>
            <Link className="button button--secondary button--lg" to="/docs/api/">
              API reference
            </Link>
          </div>
        </div>
      </header>

      <section className="home-section" aria-labelledby="what-is-tinyframe">
        <div className="container">
          <h2 className="home-section__title" id="what-is-tinyframe">
            What is TinyFrame?
          </h2>
          <p className="home-section__lead">
            TinyFrame gives JavaScript the dataframe: a table of named, typed columns. Numbers live
            in typed arrays, every operation returns a new table instead of changing the old one,
            and the same code runs in Node.js and in the browser — with no required dependencies.
          </p>
          <div className="features">
            {CAN_DO.map(([title, text]) => (
              <div className="feature-card" key={title}>
                <h3 className="feature-card__title">{title}</h3>
                <p className="feature-card__text">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="home-section home-section--alt" aria-labelledby="first-example">
        <div className="container">
          <h2 className="home-section__title" id="first-example">
            A first example
          </h2>
          <p className="home-section__lead">
            The three best sellers of a café, by revenue. The table is what this code prints — it
            was run when this page was built.
          </p>
          <div className="home-example">
            <Code lang="js" title="first.mjs" code={FIRST_EXAMPLE} />
            <Code lang="txt" title="Output" code={firstExampleOutput()} />
          </div>
          <div className="home-links">
            <Link className="button button--secondary" to="/docs/intro">
              Take the five-minute tour
            </Link>
            <Link className="button button--secondary" to="/docs/user-guide">
              Browse the user guide
            </Link>
          </div>
        </div>
      </section>

      <section className="home-section" aria-labelledby="explore">
        <div className="container">
          <h2 className="home-section__title" id="explore">
            Explore
          </h2>
          <div className="features">
            {CARDS.map((c) => (
              <Link className="feature-card" to={c.to} key={c.title}>
                <h3 className="feature-card__title">{c.title}</h3>
                <p className="feature-card__text">{c.text}</p>
              </Link>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
