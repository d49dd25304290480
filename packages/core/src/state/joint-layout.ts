/**
 * Joint solver record: one interleaved Float64Array record per active joint per step (as contacts), built by the
 * prepare stage and read by the substep loops. A common header, then a block whose meaning depends on the kind.
 */
export const JC_INDEX_A = 0; // body state index (0 = static, sleeping or outside the solver)
export const JC_INDEX_B = JC_INDEX_A + 1;
export const JC_INV_MASS_A = JC_INDEX_B + 1; // 0 for static and kinematic bodies
export const JC_INV_I_A = JC_INV_MASS_A + 1;
export const JC_INV_MASS_B = JC_INV_I_A + 1;
export const JC_INV_I_B = JC_INV_MASS_B + 1;
export const JC_ROW = JC_INV_I_B + 1; // joint row in the JointStore (impulses are written back there)
export const JC_FLAGS = JC_ROW + 1; // JointFlag bits
export const JC_FRAME_AX = JC_FLAGS + 1; // anchor on A relative to A's centre of mass, world axes at prepare time (m)
export const JC_FRAME_AY = JC_FRAME_AX + 1;
export const JC_FRAME_BX = JC_FRAME_AY + 1; // anchor on B relative to B's centre of mass (m)
export const JC_FRAME_BY = JC_FRAME_BX + 1;
export const JC_DELTA_CX = JC_FRAME_BY + 1; // centre of B minus centre of A at prepare time (m)
export const JC_DELTA_CY = JC_DELTA_CX + 1;
export const JC_BIAS_RATE = JC_DELTA_CY + 1; // constraint softness (world joint hertz / damping; Baumgarte in classic mode)
export const JC_MASS_SCALE = JC_BIAS_RATE + 1;
export const JC_IMPULSE_SCALE = JC_MASS_SCALE + 1;
export const JC_SPRING_BIAS_RATE = JC_IMPULSE_SCALE + 1; // the joint's own spring softness (weld: angular softness)
export const JC_SPRING_MASS_SCALE = JC_SPRING_BIAS_RATE + 1;
export const JC_SPRING_IMPULSE_SCALE = JC_SPRING_MASS_SCALE + 1;
/**
 * Accumulated impulses (N s or N m s per substep), JOINT_IMPULSE_COUNT of them, loaded from and stored back to the
 * JointStore's JF_IMPULSE_* columns: slot k at JC_IMPULSE + k. Each kind names its slots (JI_* in
 * joints/kinds/<kind>.ts) and says which are angular, spring, motor and limit rows (its `impulses`).
 */
export const JC_IMPULSE = JC_SPRING_IMPULSE_SCALE + 1;
/**
 * Kind-specific slots start here: each kind lays its own block over [JC_P, JC_ANGLE) (its JC_<KIND>_* constants and
 * `record` in joints/kinds/<kind>.ts; layout.test.ts checks that every block fits and none overlaps itself).
 */
export const JC_P = JC_IMPULSE + 6; // JOINT_IMPULSE_COUNT (joint-store.ts) impulses

/**
 * Record-only flag bits in JC_FLAGS, above the JointFlag bits: set by prepare when a kind's row behaves as a real
 * spring (solved in the relax pass too) rather than as a soft hard constraint.
 */
export const JCF_LINEAR_SPRING = 32;
export const JCF_ANGULAR_SPRING = 64;
/** Distance joint: solve the length as a rigid (soft-constraint) rod instead of spring + limits. */
export const JCF_RIGID = 128;
export const JC_STRIDE = 40;
/**
 * Plain pins (revolute joints with no spring, motor or limit: the bulk of chains, grids and bridges) get records of
 * their own, in SolverData.pins: the common header's slots JC_INDEX_A … JC_DELTA_CY (0..13, same offsets; JC_FLAGS
 * unused) and the two point impulses. 128 bytes, two cache lines, all of it read on every sweep, where the general
 * record would drag 320 bytes through the cache for the same work.
 */
export const PIN_IMPULSE = JC_DELTA_CY + 1; // x, y (N s per substep)
export const PIN_STRIDE = PIN_IMPULSE + 2;
/** Scratch slot: the current joint angle (rad), written by the solvers' angle routine (no double crosses a call). */
export const JC_ANGLE = JC_STRIDE - 1;
