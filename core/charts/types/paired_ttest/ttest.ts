// The paired t-test the table reports, in plain arithmetic (no statistics library): the two-sided p-value of
// Student's t for the differences between a series and the control at the same times, through the regularised
// incomplete beta function (continued fraction, Lentz's method) and a Lanczos log-gamma.

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

/** ln Γ(x) for x > 0 (Lanczos, g = 7): about 15 significant digits. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = 0.99999999999980993;
  LANCZOS.forEach((c, i) => (a += c / (z + i + 1)));
  const t = z + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function, converging fast for x < (a + 1) / (a + b + 2). */
function betaFraction(a: number, b: number, x: number): number {
  const TINY = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < TINY ? TINY : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const num of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + num * d;
      d = 1 / (Math.abs(d) < TINY ? TINY : d);
      c = 1 + num / c;
      if (Math.abs(c) < TINY) c = TINY;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-15) break;
  }
  return f;
}

/** The regularised incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // the fraction converges on one side of the mean; the other side by symmetry I_x(a, b) = 1 - I_{1-x}(b, a)
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with `df` degrees of freedom. */
export function studentTCdf(t: number, df: number): number {
  if (!Number.isFinite(t)) return Number.isNaN(t) ? NaN : t > 0 ? 1 : 0;
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

export interface PairedTest {
  /** times where both series have a number */
  n: number;
  t: number;
  /** two-sided; null with fewer than two pairs or no spread in the differences and no mean difference */
  p: number | null;
}

/** The paired t-test of `values` against `control`, time by time (entries at the same index pair up). */
export function pairedTTest(values: (number | null)[], control: (number | null)[]): PairedTest {
  const diffs: number[] = [];
  values.forEach((v, i) => {
    const c = control[i];
    if (v !== null && c !== null && c !== undefined && Number.isFinite(v) && Number.isFinite(c)) diffs.push(c - v);
  });
  const n = diffs.length;
  if (n < 2) return { n, t: NaN, p: null };
  const mean = diffs.reduce((a, b) => a + b, 0) / n;
  const variance = diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1);
  if (variance === 0) return mean === 0 ? { n, t: NaN, p: null } : { n, t: mean > 0 ? Infinity : -Infinity, p: 0 };
  const t = mean / Math.sqrt(variance / n);
  return { n, t, p: Math.min(1, 2 * studentTCdf(-Math.abs(t), n - 1)) };
}

/** The lift of a series over the control in percent: how much its total exceeds the control's. */
export function liftPercent(values: (number | null)[], control: (number | null)[]): number {
  const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
  const base = sum(control);
  return ((sum(values) - base) / base) * 100;
}
