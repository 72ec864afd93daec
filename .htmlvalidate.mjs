/**
 * html-validate over the built site (run by test/build/html-validate.test.ts on every page
 * of the TinyFrame site; `npx html-validate dist` does the same by hand): the recommended
 * preset, with these differences, each for a reason.
 */
import { defineConfig } from 'html-validate';

export default defineConfig({
  extends: ['html-validate:recommended'],
  rules: {
    // React 19 serializes a true boolean attribute as `disabled=""` and `hidden=""`, which
    // HTML defines as the same as the bare name. The rules still hold every page to one style.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    // React writes void elements as `<img />` and the document's head is written as `<meta>`:
    // both are valid HTML, and which one a page uses is not something a reader can notice.
    'void-style': 'off',
    // A raw `>` in text is valid HTML (only `<` and `&` can start markup), and hast-util-to-html,
    // which serializes every page, escapes exactly those two. `<` and `&` are always escaped.
    'no-raw-characters': 'off',
    // Inline styles are allowed only for what cannot live in the stylesheet: the token colours
    // shiki computes at build time (custom properties, both themes) and the size a chart from
    // plot() gives its own <svg>.
    'no-inline-style': [
      'error',
      {
        allowedProperties: [
          'display',
          ...['light', 'dark'].flatMap((theme) =>
            ['', '-bg', '-font-style', '-font-weight', '-text-decoration'].map(
              (suffix) => `--shiki-${theme}${suffix}`,
            ),
          ),
          'max-width',
          'height',
        ],
      },
    ],
    // HTML allows any id without spaces. The strict form (a letter first) would reject the
    // skip link's target that the spec fixes (`__docusaurus_skipToContent_fallback`, B49) and
    // GitHub-compatible heading anchors such as `1-install`, which readers link to.
    'valid-id': ['error', { relaxed: true }],
  },
});
