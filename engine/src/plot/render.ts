/**
 * The SVG renderer behind `plot()`: a resolved chart description in, a self-contained SVG
 * string out. No chart library, no randomness, no clock: the same input gives the same bytes.
 * Colours come only from CSS custom properties with fallbacks, so the chart follows the page's
 * light or dark mode when embedded inline.
 * @internal
 * @module
 */
import { formatNumber, niceTicks, timeTicks, type Ticks } from './ticks.js';

/** @internal Colour-blind-safe fallbacks (Okabe & Ito) for `--tf-plot-1` … `--tf-plot-8`. */
export const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#b8a000',
  '#555555',
];

/** @internal The colour of series `i`, as a CSS variable with a fallback. */
export function seriesColor(i: number): string {
  return `var(--tf-plot-${(i % PALETTE.length) + 1}, ${PALETTE[i % PALETTE.length]})`;
}

const FG = 'var(--tf-plot-fg, currentColor)';
const GRID = 'var(--tf-plot-grid, rgba(128, 128, 128, 0.3))';
const AXIS = 'var(--tf-plot-axis, currentColor)';
const FONT = 'var(--tf-plot-font, system-ui, sans-serif)';

/** @internal Escapes text for SVG/XML content and attribute values. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#39;',
  );
}

/** @internal Fixed-precision coordinate (two decimals, no trailing zeros). */
export function c(v: number): string {
  const s = (Math.round(v * 100) / 100).toFixed(2).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** @internal One y series. */
export interface SeriesSpec {
  readonly name: string;
  /** One value per x position (`NaN` = missing). */
  readonly values: Float64Array;
}

/** @internal The resolved x axis. */
export type XSpec =
  | { readonly kind: 'number' | 'time'; readonly values: Float64Array }
  | { readonly kind: 'band'; readonly labels: readonly string[] };

/** @internal Everything the renderer needs. */
export interface ChartSpec {
  readonly kind: 'line' | 'bar' | 'scatter' | 'histogram';
  readonly x: XSpec;
  readonly series: readonly SeriesSpec[];
  readonly title: string;
  readonly description: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly width: number;
  readonly height: number;
  readonly id: string;
  readonly legend: boolean;
  /** Histogram bin edges (length = bins + 1), for kind 'histogram'. */
  readonly edges?: Float64Array;
}

function finiteRange(arrs: readonly Float64Array[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const a of arrs) {
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if (Number.isFinite(v)) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
  }
  return [lo, hi];
}

/**
 * Renders a chart description to an SVG string.
 * @internal
 */
export function renderChart(spec: ChartSpec): string {
  const { width: W, height: H, id } = spec;
  const out: string[] = [];
  const hasTitle = spec.title !== '';
  const legendItems = spec.legend ? spec.series.map((s) => s.name) : [];
  const top = (hasTitle ? 36 : 12) + (legendItems.length ? 24 : 0);
  const right = 36;
  const bottom = spec.xLabel ? 56 : 36;
  const ph = Math.max(10, H - top - bottom);

  // y scale
  const isBarLike = spec.kind === 'bar' || spec.kind === 'histogram';
  let [ylo, yhi] = finiteRange(spec.series.map((s) => s.values));
  if (ylo === Infinity) {
    ylo = 0;
    yhi = 1;
  }
  if (isBarLike) {
    ylo = Math.min(0, ylo);
    yhi = Math.max(0, yhi);
  }
  const yt = niceTicks(ylo, yhi, Math.max(2, Math.round(ph / 60)));
  // The left margin fits the longest y tick label (about 7 px a character at 12 px) and the axis title.
  const left = Math.min(
    W / 3,
    Math.max(40, Math.max(...yt.labels.map((l) => l.length)) * 7 + 14 + (spec.yLabel ? 22 : 0)),
  );
  const pw = Math.max(10, W - left - right);
  const sy = (v: number): number => top + ph - ((v - yt.min) / (yt.max - yt.min)) * ph;

  // x scale
  let xt: Ticks | undefined;
  let sx: (v: number) => number;
  let band = 0;
  const x = spec.x;
  if (x.kind === 'band') {
    band = pw / Math.max(1, x.labels.length);
    sx = (i: number) => left + (i + 0.5) * band;
  } else if (spec.kind === 'histogram' && spec.edges) {
    const e = spec.edges;
    xt = niceTicks(e[0]!, e[e.length - 1]!, Math.max(2, Math.round(pw / 90)));
    const lo = Math.min(xt.min, e[0]!);
    const hi = Math.max(xt.max, e[e.length - 1]!);
    xt = { ...xt, values: xt.values.filter((v) => v >= lo && v <= hi) };
    sx = (v: number) => left + ((v - lo) / (hi - lo || 1)) * pw;
    const xt0 = xt;
    xt = { ...xt0, min: lo, max: hi };
  } else {
    const [lo, hi] = finiteRange([x.values]);
    const count = Math.max(2, Math.round(pw / 90));
    xt =
      x.kind === 'time'
        ? timeTicks(lo, hi, count)
        : niceTicks(lo === Infinity ? 0 : lo, hi === -Infinity ? 1 : hi, count);
    const t = xt;
    sx = (v: number) => left + ((v - t.min) / (t.max - t.min)) * pw;
  }

  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-labelledby="${titleId} ${descId}" class="tf-plot tf-plot-${spec.kind}" font-family="${FONT}" font-size="12" style="max-width: 100%; height: auto">`,
  );
  out.push(
    `<title id="${titleId}">${escapeXml(spec.title || spec.description.split('. ')[0]!)}</title>`,
  );
  out.push(`<desc id="${descId}">${escapeXml(spec.description)}</desc>`);
  if (hasTitle) {
    out.push(
      `<text x="${c(W / 2)}" y="22" text-anchor="middle" font-size="15" font-weight="600" fill="${FG}">${escapeXml(spec.title)}</text>`,
    );
  }
  if (legendItems.length) {
    const ly = (hasTitle ? 36 : 12) + 8;
    // Lay the items out in one row, centred; each item is a swatch plus its label.
    const widths = legendItems.map((name) => 18 + Math.min(24, name.length) * 7 + 16);
    const total = widths.reduce((a, b) => a + b, 0);
    let lx = Math.max(left, (W - total) / 2);
    out.push(`<g class="tf-plot-legend" aria-label="Legend">`);
    legendItems.forEach((name, i) => {
      out.push(
        `<rect x="${c(lx)}" y="${c(ly - 5)}" width="12" height="12" rx="2" fill="${seriesColor(i)}"/><text x="${c(lx + 17)}" y="${c(ly + 5)}" fill="${FG}">${escapeXml(name.length > 24 ? name.slice(0, 23) + '…' : name)}</text>`,
      );
      lx += widths[i]!;
    });
    out.push(`</g>`);
  }

  // Grid and y axis
  out.push(`<g class="tf-plot-grid" stroke="${GRID}" stroke-width="1">`);
  for (const v of yt.values)
    out.push(`<line x1="${c(left)}" x2="${c(left + pw)}" y1="${c(sy(v))}" y2="${c(sy(v))}"/>`);
  out.push(`</g>`);
  out.push(`<g class="tf-plot-y-axis" fill="${FG}" text-anchor="end">`);
  yt.values.forEach((v, i) =>
    out.push(`<text x="${c(left - 8)}" y="${c(sy(v) + 4)}">${escapeXml(yt.labels[i]!)}</text>`),
  );
  out.push(`</g>`);

  // x axis
  const axisY = top + ph;
  out.push(`<g class="tf-plot-x-axis" fill="${FG}" text-anchor="middle">`);
  out.push(
    `<line x1="${c(left)}" x2="${c(left + pw)}" y1="${c(axisY)}" y2="${c(axisY)}" stroke="${AXIS}"/>`,
  );
  if (x.kind === 'band') {
    const stride = Math.max(1, Math.ceil(x.labels.length / Math.max(1, Math.floor(pw / 70))));
    x.labels.forEach((label, i) => {
      if (i % stride !== 0) return;
      const text = label.length > 14 ? label.slice(0, 13) + '…' : label;
      out.push(`<text x="${c(sx(i))}" y="${c(axisY + 18)}">${escapeXml(text)}</text>`);
    });
  } else if (xt) {
    xt.values.forEach((v, i) => {
      const px = sx(v);
      out.push(
        `<line x1="${c(px)}" x2="${c(px)}" y1="${c(axisY)}" y2="${c(axisY + 5)}" stroke="${AXIS}"/><text x="${c(px)}" y="${c(axisY + 18)}">${escapeXml(xt!.labels[i]!)}</text>`,
      );
    });
  }
  out.push(`</g>`);
  if (spec.xLabel)
    out.push(
      `<text class="tf-plot-x-label" x="${c(left + pw / 2)}" y="${c(H - 10)}" text-anchor="middle" fill="${FG}">${escapeXml(spec.xLabel)}</text>`,
    );
  if (spec.yLabel)
    out.push(
      `<text class="tf-plot-y-label" x="14" y="${c(top + ph / 2)}" text-anchor="middle" transform="rotate(-90 14 ${c(top + ph / 2)})" fill="${FG}">${escapeXml(spec.yLabel)}</text>`,
    );

  // Marks
  const zeroY = sy(Math.max(yt.min, Math.min(0, yt.max)));
  spec.series.forEach((s, si) => {
    const color = seriesColor(si);
    const vals = s.values;
    out.push(`<g class="tf-plot-series" data-series="${escapeXml(s.name)}">`);
    if (spec.kind === 'line') {
      let d = '';
      let pen = false;
      for (let i = 0; i < vals.length; i++) {
        const xv = x.kind === 'band' ? i : x.values[i]!;
        const yv = vals[i]!;
        if (!Number.isFinite(yv) || !Number.isFinite(xv)) {
          pen = false;
          continue;
        }
        d += `${pen ? 'L' : 'M'}${c(sx(xv))} ${c(sy(yv))}`;
        pen = true;
      }
      out.push(
        `<path d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>`,
      );
    } else if (spec.kind === 'scatter') {
      for (let i = 0; i < vals.length; i++) {
        const xv = x.kind === 'band' ? i : x.values[i]!;
        const yv = vals[i]!;
        if (!Number.isFinite(yv) || !Number.isFinite(xv)) continue;
        out.push(
          `<circle cx="${c(sx(xv))}" cy="${c(sy(yv))}" r="3" fill="${color}" fill-opacity="0.8"/>`,
        );
      }
    } else if (spec.kind === 'bar' && x.kind === 'band') {
      const n = spec.series.length;
      const inner = band * 0.8;
      const bw = inner / n;
      for (let i = 0; i < vals.length; i++) {
        const yv = vals[i]!;
        if (!Number.isFinite(yv)) continue;
        const bx = left + i * band + band * 0.1 + si * bw;
        const y1 = sy(yv);
        out.push(
          `<rect x="${c(bx)}" y="${c(Math.min(y1, zeroY))}" width="${c(Math.max(0.5, bw - 1))}" height="${c(Math.abs(zeroY - y1))}" fill="${color}"><title>${escapeXml(`${x.labels[i]}: ${formatNumber(yv, 6)}`)}</title></rect>`,
        );
      }
    } else if (spec.kind === 'histogram' && spec.edges) {
      const e = spec.edges;
      const opacity = spec.series.length > 1 ? ' fill-opacity="0.6"' : '';
      for (let i = 0; i < vals.length; i++) {
        const yv = vals[i]!;
        if (!(yv > 0)) continue;
        const x0 = sx(e[i]!);
        const x1 = sx(e[i + 1]!);
        const y1 = sy(yv);
        out.push(
          `<rect x="${c(x0)}" y="${c(y1)}" width="${c(Math.max(0.5, x1 - x0 - 1))}" height="${c(zeroY - y1)}" fill="${color}"${opacity}/>`,
        );
      }
    }
    out.push(`</g>`);
  });
  out.push(`</svg>`);
  return out.join('\n');
}
