/**
 * Soft constraint coefficients (Box2D v3's "soft step", from Erin Catto's Solver2D study): a spring of `hertz` with
 * damping ratio `zeta` expressed as an implicit-Euler impulse over a substep of length h:
 *   ω = 2πf, a1 = 2ζ + hω, a2 = hω·a1, a3 = 1/(1 + a2)
 *   biasRate = ω / a1, massScale = a2·a3, impulseScale = a3
 * hertz = 0 means rigid: no bias, full mass, no impulse feedback.
 */
export function softBiasRate(hertz: number, zeta: number, h: number): number {
  if (hertz === 0) return 0;
  const omega = 2 * Math.PI * hertz;
  return omega / (2 * zeta + h * omega);
}

/**
 * Soft-constraint mass scale for a spring of `hertz` (Hz) and damping ratio `zeta` at substep `h` (s).
 */
export function softMassScale(hertz: number, zeta: number, h: number): number {
  if (hertz === 0) return 1;
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * zeta + h * omega;
  const a2 = h * omega * a1;
  return a2 / (1 + a2);
}

/**
 * Soft-constraint impulse scale (the share of the accumulated impulse fed back) for `hertz`, `zeta` and `h` (s).
 */
export function softImpulseScale(hertz: number, zeta: number, h: number): number {
  if (hertz === 0) return 0;
  const omega = 2 * Math.PI * hertz;
  const a1 = 2 * zeta + h * omega;
  const a2 = h * omega * a1;
  return 1 / (1 + a2);
}
