/**
 * Student's t, central and noncentral, for any degrees of freedom and level: the quantile sets the
 * test's bar at whatever level the alpha spending gives, and the noncentral t gives the power of
 * that test (the chance it finds a true difference), which the normal approximation overstates
 * when test cases are few.
 */

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7: about 15 significant digits). */
function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = 0.99999999999980993;
  for (let i = 0; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i + 1);
  const t = z + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    for (const aa of [
      (m * (b - m) * x) / ((a + m2 - 1) * (a + m2)),
      (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)),
    ]) {
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      if (Math.abs(c) < tiny) c = tiny;
      h *= d * c;
    }
    if (Math.abs(d * c - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

/** P(T <= t) for Student's t with `df` degrees of freedom (df may be fractional). */
function tCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t > 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = p, by bisection on the distribution function (to 1e-10). */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) return Number.NaN;
  if (p === 0.5) return 0;
  if (p < 0.5) return -tQuantile(1 - p, df);
  let high = 1;
  while (tCdf(high, df) < p) high *= 2;
  let low = 0;
  while (high - low > 1e-10 * Math.max(1, high)) {
    const mid = (low + high) / 2;
    if (tCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** The standard normal distribution function, from erfc (to about 1e-15). */
function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

function erfc(x: number): number {
  const ax = Math.abs(x);
  const r = ax < 0.5 ? 1 - erfSeries(ax) : erfcFraction(ax);
  return x >= 0 ? r : 2 - r;
}

/** erf by its Maclaurin series (small arguments). */
function erfSeries(x: number): number {
  let term = x;
  let sum = x;
  for (let n = 1; n < 60; n++) {
    term *= (-x * x) / n;
    const add = term / (2 * n + 1);
    sum += add;
    if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}

/** erfc by its continued fraction (Lentz), good for x >= 0.5. */
function erfcFraction(x: number): number {
  // erfc(x) = exp(-x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 300; n++) {
    const a = n / 2;
    d = x + a * d;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = x + a / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (Math.sqrt(Math.PI) * f);
}

/**
 * P(T' > c) for the noncentral t with `df` degrees of freedom and noncentrality `ncp`: with
 * T' = (Z + ncp) / sqrt(V / df), it is the mean over the chi distribution of sqrt(V) of
 * P(Z > c * sqrt(V / df) - ncp), integrated by Simpson's rule.
 */
export function noncentralTUpper(c: number, df: number, ncp: number): number {
  // sqrt(V) has its mass within sqrt(df) +- 10 (its spread is under 0.71): integrate there alone.
  const steps = 400;
  const from = Math.max(0, Math.sqrt(df) - 10);
  const h = (Math.sqrt(df) + 10 - from) / steps;
  const logNorm = (1 - df / 2) * Math.LN2 - logGamma(df / 2);
  const integrand = (u: number) => {
    if (u === 0) return df === 1 ? Math.exp(logNorm) * normalCdf(ncp) : 0;
    const density = Math.exp(logNorm + (df - 1) * Math.log(u) - (u * u) / 2);
    return density * normalCdf(ncp - (c * u) / Math.sqrt(df));
  };
  let sum = integrand(from) + integrand(from + steps * h);
  for (let i = 1; i < steps; i++) sum += (i % 2 ? 4 : 2) * integrand(from + i * h);
  return Math.min(1, Math.max(0, (sum * h) / 3));
}
