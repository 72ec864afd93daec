/**
 * The starter site `dfdocs init` writes: a config, an intro doc, a category of two guides,
 * a React home page, a .gitignore and package.json scripts. Content only; scaffold.ts
 * writes it.
 */
export interface StarterInput {
  /** The site's title. */
  title: string;
  /** The package name for package.json. */
  name: string;
  /** The dfdocs version to depend on. */
  version: string;
}

export function starterFiles({ title }: StarterInput): Record<string, string> {
  return {
    'dfdocs.config.ts': `import { defineConfig } from 'dfdocs';

// Every key is optional; the README's configuration reference lists them all.
export default defineConfig({
  title: ${JSON.stringify(title)},
  tagline: 'Documentation built with dfdocs',
  url: 'https://example.com',
  navbar: {
    items: [
      { label: 'Docs', to: '/docs/intro', position: 'left' },
      { label: 'Guides', to: '/docs/guides/first-page', position: 'left', activeBasePath: '/docs/guides' },
    ],
  },
  footer: {
    style: 'dark',
    columns: [
      {
        title: 'Docs',
        items: [
          { label: 'Introduction', to: '/docs/intro' },
          { label: 'Write a page', to: '/docs/guides/first-page' },
        ],
      },
    ],
    copyright: \`Copyright © \${new Date().getFullYear()} ${title.replace(/[`$\\]/g, '')}. Built with dfdocs.\`,
  },
});
`,
    'docs/intro.md': `---
sidebar_position: 1
description: What this site is and how its pages are made.
---

# Introduction

Welcome to **${title}**. This site is built with dfdocs: every page is a Markdown file
under \`docs/\`, rendered to HTML when the site is built.

## Start writing

- Edit this page: \`docs/intro.md\`.
- Add a page: create a \`.md\` file under \`docs/\`; it appears in the sidebar.
- Group pages: put them in a folder, like [the guides](./guides/first-page.md).

Run \`npm run dev\` and every change shows up in the browser as you save.

:::tip
Links between pages are written as paths to their Markdown files, like \`./guides/deploy.md\`:
a link to a page that does not exist is reported when the site is built.
:::
`,
    'docs/guides/_category_.json': `${JSON.stringify({ label: 'Guides', position: 2 }, null, 2)}\n`,
    'docs/guides/first-page.md': `---
sidebar_position: 1
description: Front matter, headings, code blocks, admonitions and tabs.
---

# Write a page

A page starts with optional front matter, then Markdown.

\`\`\`md title="docs/guides/my-page.md"
---
sidebar_position: 3
---

# My page

Some text, a [link](../intro.md) and a list:

- one
- two
\`\`\`

## Code blocks

Code is highlighted when the site is built, in light and dark themes:

\`\`\`ts title="greet.ts"
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

## Admonitions and tabs

:::note
Notes, tips, warnings and more: \`:::note\`, \`:::tip\`, \`:::info\`, \`:::warning\`, \`:::danger\`.
:::

::::tabs
:::tab[npm]
\`\`\`bash
npm run build
\`\`\`
:::
:::tab[yarn]
\`\`\`bash
yarn build
\`\`\`
:::
::::

Next: [publish the site](./deploy.md).
`,
    'docs/guides/deploy.md': `---
sidebar_position: 2
description: Build the static site and put it on any static host.
---

# Publish the site

\`npm run build\` writes the whole site into \`dist/\`: plain HTML, CSS and JavaScript that any
static host serves (GitHub Pages, Netlify, an S3 bucket, nginx).

\`\`\`bash
npm run build        # dist/
npm run serve        # preview it on http://127.0.0.1:3000
\`\`\`

Served under a sub-path such as \`https://example.com/docs/\`? Set \`baseUrl: '/docs/'\` in
\`dfdocs.config.ts\`, or build with \`--base-url /docs/\`.
`,
    'pages/index.tsx': `// The home page: a React component rendered to HTML when the site is built.
// The classes (hero, button, features) are the theme's; see the README.
export const description = ${JSON.stringify(`${title}: documentation built with dfdocs.`)};

const CARDS = [
  { title: 'Introduction', text: 'What this site is and how its pages are made.', to: '/docs/intro' },
  { title: 'Write a page', text: 'Markdown, code blocks, admonitions and tabs.', to: '/docs/guides/first-page' },
  { title: 'Publish', text: 'Build a static folder and put it on any host.', to: '/docs/guides/deploy' },
];

export default function Home() {
  return (
    <div className="home">
      <header className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">${escapeJsx(title)}</h1>
          <p className="hero__tagline">Documentation built with dfdocs</p>
          <div className="hero__actions">
            <a className="button button--primary button--lg" href="/docs/intro">
              Get started
            </a>
          </div>
        </div>
      </header>
      <section className="home-section" aria-labelledby="home-start">
        <div className="container">
          <h2 className="home-section__title" id="home-start">
            Where to start
          </h2>
          <div className="features">
            {CARDS.map((card) => (
              <a className="feature-card" href={card.to} key={card.to}>
                <h3 className="feature-card__title">{card.title}</h3>
                <p className="feature-card__text">{card.text}</p>
              </a>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
`,
    '.gitignore': 'node_modules/\ndist/\n.dfdocs/\n',
  };
}

function escapeJsx(text: string): string {
  return text.replace(/[{}<>]/g, (c) => `{${JSON.stringify(c)}}`);
}

/** The scripts `dfdocs init` adds to package.json. */
export const STARTER_SCRIPTS: Record<string, string> = {
  dev: 'dfdocs dev',
  build: 'dfdocs build',
  serve: 'dfdocs serve',
  start: 'dfdocs build && dfdocs serve',
};
