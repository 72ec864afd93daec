import { useId, useState } from 'react';

/**
 * The time-series tutorial's bike rentals, with the moving average of a window the reader
 * chooses: an MDX island (`client:visible`). The build renders it with the tutorial's
 * window; in the browser the slider recomputes the average, the way
 * `rolling('rentals', window).mean()` does (no value until a window is full).
 */
export default function RollingMeanChart({
  days,
  rentals,
  initialWindow,
}: {
  days: string[];
  rentals: number[];
  initialWindow: number;
}) {
  const [window, setWindow] = useState(initialWindow);
  const id = useId();
  const mean = rentals.map((_, i) => {
    if (i + 1 < window) return null;
    let sum = 0;
    for (let k = i + 1 - window; k <= i; k++) sum += rentals[k]!;
    return sum / window;
  });
  const W = 640;
  const H = 260;
  const pad = { left: 44, right: 28, top: 12, bottom: 28 };
  const lo = 150;
  const hi = 450;
  const x = (i: number) => pad.left + (i * (W - pad.left - pad.right)) / (rentals.length - 1);
  const y = (v: number) => pad.top + ((hi - v) * (H - pad.top - pad.bottom)) / (hi - lo);
  const line = (values: (number | null)[]) =>
    values
      .map((v, i) => (v === null ? '' : `${values[i - 1] == null ? 'M' : 'L'}${x(i)},${y(v)}`))
      .join('');
  const last = mean[mean.length - 1];
  return (
    <figure className="tf-plot-figure rolling-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-caption`} className="chart">
        {[200, 250, 300, 350, 400].map((v) => (
          <g key={v}>
            <line
              x1={pad.left}
              x2={W - pad.right}
              y1={y(v)}
              y2={y(v)}
              stroke="var(--tf-plot-grid)"
            />
            <text x={pad.left - 6} y={y(v) + 4} textAnchor="end" fill="var(--tf-plot-axis)">
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) =>
          i % 5 === 0 ? (
            <text key={d} x={x(i)} y={H - 8} textAnchor="middle" fill="var(--tf-plot-axis)">
              {d.slice(5)}
            </text>
          ) : null,
        )}
        <path d={line(rentals)} fill="none" stroke="var(--tf-plot-8)" strokeWidth={1.5} />
        {rentals.map((v, i) => (
          <circle key={i} cx={x(i)} cy={y(v)} r={2.5} fill="var(--tf-plot-8)" />
        ))}
        <path d={line(mean)} fill="none" stroke="var(--tf-plot-1)" strokeWidth={3} />
      </svg>
      <figcaption id={`${id}-caption`} className="chart-caption">
        <label>
          <span>
            Window: <strong>{window}</strong> {window === 1 ? 'day' : 'days'}
          </span>
          <input
            type="range"
            min={1}
            max={10}
            value={window}
            onChange={(e) => setWindow(Number(e.target.value))}
          />
        </label>
        <span className="chart-caption__note">
          Daily rentals (grey) and their {window}-day moving average (blue); on{' '}
          {days[days.length - 1]} the average is {last === null ? 'missing' : last.toFixed(1)}.
        </span>
      </figcaption>
    </figure>
  );
}
