// A small seeded pseudo-random generator (mulberry32) so that the example data is the same on every
// machine and every run: tests, screenshots and benchmarks can rely on exact figures.

export interface Random {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max], both included */
  int(min: number, max: number): number;
  /** one element, uniformly */
  pick<T>(items: readonly T[]): T;
  /** one element, with probability proportional to its weight */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** standard normal (Box-Muller) scaled to mean and deviation */
  normal(mean?: number, sd?: number): number;
  /** exponential with the given mean */
  exponential(mean: number): number;
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    normal: (mean = 0, sd = 1) => {
      // 1 - next() keeps the logarithm's argument in (0, 1]
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    exponential: (mean) => -mean * Math.log(1 - next()),
    chance: (p) => next() < p,
  };
  return random;
}

/** A stable 32-bit hash of a text, to derive per-item seeds ("Emma" always gets the same curve). */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
