/**
 * A small seeded pseudo-random generator (mulberry32): fast, 32-bit state,
 * identical sequences on every platform, which is what reproducible samples need.
 */
export type Random = () => number;

/** A generator of floats in [0, 1) for a seed; without a seed, a random one. */
export function seededRandom(seed?: number): Random {
  let a = seed === undefined ? (Math.random() * 2 ** 32) >>> 0 : hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(seed: number): number {
  // Integers map to themselves; fractions and large values are folded in so every number is a distinct seed.
  if (Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32) return seed >>> 0;
  const f = new Float64Array([seed]);
  const u = new Uint32Array(f.buffer);
  return (Math.imul(u[0]! ^ 0x9e3779b9, 0x85ebca6b) ^ u[1]!) >>> 0;
}

/** A uniform integer in [0, n). */
export function randomInt(rand: Random, n: number): number {
  return Math.floor(rand() * n);
}

/** `k` distinct positions from 0..n-1 in random order (partial Fisher–Yates). */
export function choose(rand: Random, n: number, k: number): Int32Array {
  if (k * 8 < n) {
    // Sparse: Fisher–Yates over a virtual array, remembering only swapped slots.
    const swapped = new Map<number, number>();
    const out = new Int32Array(k);
    for (let i = 0; i < k; i++) {
      const j = i + randomInt(rand, n - i);
      const vj = swapped.get(j) ?? j;
      const vi = swapped.get(i) ?? i;
      swapped.set(j, vi);
      out[i] = vj;
    }
    return out;
  }
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(rand, n - i);
    const t = perm[i]!;
    perm[i] = perm[j]!;
    perm[j] = t;
  }
  return perm.slice(0, k);
}
