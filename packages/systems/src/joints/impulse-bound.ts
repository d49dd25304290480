import {
  JC_IMPULSE,
  JC_INV_I_A,
  JC_INV_I_B,
  JC_INV_MASS_A,
  JC_INV_MASS_B,
  JC_STRIDE,
  JOINT_IMPULSE_COUNT,
  MAX_ROTATION,
  SP_H,
  SP_MAX_LINEAR_SPEED,
} from '@impulse2d/core/internal';

/**
 * Bounds the accumulated impulses of joint records `begin` to `end` (exclusive), all of one kind, before they are
 * warm-started (`angular`: the kind's angular slot mask, JointImpulses.angular; `ratioAt`: its boundRatioAt): at every substep, so also last step's impulses at the first. (Plain pins, linear only, get the same
 * bound inside their warm-start loop: warmStartPointJoints.) Every body's speed is clamped to maxLinearSpeed and its
 * rotation to MAX_ROTATION per substep, so no two bodies' centres close or open faster than twice those limits: a
 * linear impulse that by itself would change the relative velocity of the centres by more, |λ|·(1/mA + 1/mB) >
 * 2·maxLinearSpeed (an angular one: |λ|·(1/IA + 1/IB) > 2·MAX_ROTATION/h), cannot be the answer of a consistent set of
 * constraints. It is what constraints that cannot all hold leave behind (a body jointed to a static body and to a
 * kinematic body driving away, a limit it is dragged through, a joint fighting a contact at a mass ratio of 10⁵).
 *
 * Their accumulated impulses grow every substep. Warm-started at the next step's rotated anchors they grew
 * geometrically (the API fuzzer measured ×1.5 per step up to 10⁹⁹ N·s) until the body's state diverged and it was
 * quarantined; bounded once per step, they still grew within one: a soft row's solve takes back a share of its
 * accumulated impulse (the impulse scale), so an impulse of 10⁵ became a velocity of 10⁷ at the next pass, and a light
 * body welded between two revolutes with limits went from the speed limit to 10⁹ m/s in eight substeps (fuzz seed
 * 20261126, world 305). Clamped before every warm start, such a conflict stays a bounded tug of war. A consistent scene
 * needs a mass ratio across one joint of about 2·maxLinearSpeed / (g·h) ≈ 2·10⁴ (defaults) before its warm start comes
 * near the bound, so the clamp changes nothing there.
 */
export function boundJointImpulses(
  jc: Float64Array,
  angular: number,
  ratioAt: number,
  begin: number,
  end: number,
  params: Float64Array,
): void {
  // |λ|·k ≤ limit, compared without a division (it is rarely exceeded): linear slots k = kLin, limit 2·maxLinearSpeed;
  // angular slots k = kAng·h, limit 2·MAX_ROTATION.
  const linearLimit = 2 * params[SP_MAX_LINEAR_SPEED];
  const angularLimit = 2 * MAX_ROTATION;
  const h = params[SP_H];
  for (let r = begin; r < end; r++) {
    const o = r * JC_STRIDE;
    // The pulley's rope pulls B with ratio times its impulse.
    const ratio = ratioAt < 0 ? 1 : jc[o + ratioAt];
    const kLin = jc[o + JC_INV_MASS_A] + ratio * ratio * jc[o + JC_INV_MASS_B];
    const kAng = h * (jc[o + JC_INV_I_A] + jc[o + JC_INV_I_B]);
    for (let s = 0; s < JOINT_IMPULSE_COUNT; s++) {
      const isAngular = ((angular >> s) & 1) !== 0;
      const k = isAngular ? kAng : kLin;
      // k = 0: the slot moves nothing (both bodies immovable); the reaction getters keep it.
      if (k === 0) continue;
      const limit = isAngular ? angularLimit : linearLimit;
      const i = o + JC_IMPULSE + s;
      const v = jc[i];
      if (v * k > limit) jc[i] = limit / k;
      else if (-v * k > limit) jc[i] = -limit / k;
    }
  }
}
