/**
 * Deterministic trigonometry. `Math.sin`, `Math.cos` and `Math.atan2` are not specified to be correctly rounded, so
 * two JavaScript engines (or two versions of one) may return different last bits and a replay would diverge. These
 * versions use only + − × ÷ and `Math.round`/`Math.abs`, which IEEE 754 fixes exactly, so they give the same bits
 * everywhere. Accuracy is within a few ulp over ordinary angles (|angle| < 1e6 rad).
 */

// π/2 split into a head with zeros in its low bits and a tail (the fdlibm constants), so k·head is exact for the
// k that occur here and the reduced angle keeps full precision (Cody–Waite reduction).
const PIO2_HI = 1.57079632673412561417;
const PIO2_LO = 6.07710050650619224932e-11;
const TWO_OVER_PI = 0.6366197723675814;

export const PI = 3.141592653589793;
const HALF_PI = 1.5707963267948966;
const QUARTER_PI = 0.7853981633974483;
const TAN_PI_OVER_8 = 0.41421356237309503;

/** Taylor series of sin and cos on [−π/4, π/4]; the first omitted terms are below 1e-16 there. */
function sinPoly(r: number): number {
  const z = r * r;
  return (
    r +
    r *
      z *
      (-1 / 6 +
        z *
          (1 / 120 +
            z * (-1 / 5040 + z * (1 / 362880 + z * (-1 / 39916800 + z * (1 / 6227020800 + z * (-1 / 1307674368000))))))) // r^15
  );
}

function cosPoly(r: number): number {
  const z = r * r;
  return (
    1 +
    z *
      (-1 / 2 +
        z *
          (1 / 24 +
            z *
              (-1 / 720 +
                z *
                  (1 / 40320 +
                    z * (-1 / 3628800 + z * (1 / 479001600 + z * (-1 / 87178291200 + z * (1 / 20922789888000))))))))
  );
}

/** Writes cos(angle) to out[o] and sin(angle) to out[o + 1]. */
export function cosSin(angle: number, out: Float64Array, o = 0): void {
  out[o] = angle;
  cosSinInto(out, o);
}

/**
 * cosSin for the step's hot paths: reads the angle from v[o], writes cos to v[o] and sin to v[o + 1]. An array and
 * an integer offset instead of a double argument, for the reason given at atan2Into.
 */
export function cosSinInto(v: Float64Array, o: number): void {
  const angle = v[o];
  const out = v;
  const k = Math.round(angle * TWO_OVER_PI);
  const r = angle - k * PIO2_HI - k * PIO2_LO;
  const s = sinPoly(r);
  const c = cosPoly(r);
  const q = ((k % 4) + 4) % 4;
  if (q === 0) {
    out[o] = c;
    out[o + 1] = s;
  } else if (q === 1) {
    out[o] = -s;
    out[o + 1] = c;
  } else if (q === 2) {
    out[o] = -c;
    out[o + 1] = -s;
  } else {
    out[o] = s;
    out[o + 1] = -c;
  }
}

/** Deterministic Math.atan2(y, x): the angle of (x, y) in (−π, π]. */
export function atan2(y: number, x: number): number {
  atanScratch[0] = y;
  atanScratch[1] = x;
  atan2Into(atanScratch, 0);
  return atanScratch[0];
}
const atanScratch = new Float64Array(2);

/**
 * atan2 for the step's hot paths: reads y = v[o] and x = v[o + 1] and writes the angle to v[o]. The same maths and
 * bits as `atan2`, which calls it. atan2 is too long to be inlined into the large functions that need it (the
 * continuous sweep, time of impact, joint preparation): an array and integer offsets keep those calls allocation-free
 * (docs/design/v8-hot-code.md, rule 1).
 */
export function atan2Into(v: Float64Array, o: number): void {
  const y = v[o];
  const x = v[o + 1];
  if (y !== y || x !== x) {
    v[o] = NaN;
    return;
  }
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ay === 0) {
    // Signed zeros follow Math.atan2: a negative x (or −0) gives ±π, otherwise ±0.
    const negX = x < 0 || (x === 0 && 1 / x < 0);
    if (negX) v[o] = 1 / y < 0 ? -PI : PI;
    else v[o] = y;
    return;
  }
  if (ax === Infinity && ay === Infinity) {
    const a = x > 0 ? QUARTER_PI : 3 * QUARTER_PI;
    v[o] = y < 0 ? -a : a;
    return;
  }
  const swap = ay > ax;
  const t = swap ? ax / ay : ay / ax; // in [0, 1]
  const u = t > TAN_PI_OVER_8 ? (t - 1) / (t + 1) : t;
  // atan(u) for |u| ≤ tan(π/8): u − u³/3 + u⁵/5 − …; with u² ≤ 0.172, 22 terms reach double precision (Horner from
  // the highest kept term down to 1/5 − z/7 + z²/9 − …).
  const z = u * u;
  let tail = 0;
  for (let k = 22; k >= 2; k--) tail = 1 / (2 * k + 1) - z * tail;
  const atanU = u - u * z * (1 / 3 - z * tail);
  let a = t > TAN_PI_OVER_8 ? QUARTER_PI + atanU : atanU;
  if (swap) a = HALF_PI - a;
  if (x < 0) a = PI - a;
  v[o] = y < 0 ? -a : a;
}

/** Length of (x, y). `Math.hypot` is not correctly rounded (engines differ in the last bit); this is + × and sqrt. */
export function length(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}
