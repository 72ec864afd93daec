// Summaries of repeated measurements, shared by the benchmarks.

/** The middle value (the mean of the two middle ones for an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
