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
 * Accumulated impulses (N s per substep), JOINT_IMPULSE_COUNT of them, loaded from and stored back to the
 * JointStore's JF_IMPULSE_* columns. Per kind:
 *   distance:  0 length row (spring or rigid), 1 lower limit, 2 upper limit, 3 motor
 *   revolute:  0, 1 point (x, y), 2 spring, 3 motor, 4 lower, 5 upper
 *   prismatic: 0 perpendicular, 1 angle, 2 spring, 3 motor, 4 lower, 5 upper
 *   weld:      0, 1 point (x, y), 2 angle
 *   wheel:     0 perpendicular, 1 spring, 2 motor (angular), 3 lower, 4 upper
 *   mouse:     0, 1 point (x, y)
 *   motor:     0, 1 point (x, y), 2 angle
 *   pulley:    0 rope
 */
export const JC_IMPULSE = JC_SPRING_IMPULSE_SCALE + 1;
/** Kind-specific parameters start here (JC_P + k). */
export const JC_P = JC_IMPULSE + 6; // JOINT_IMPULSE_COUNT (joint-store.ts) impulses

/**
 * Record-only flag bits in JC_FLAGS, above the JointFlag bits: set by prepare when a kind's row behaves as a real
 * spring (solved in the relax pass too) rather than as a soft hard constraint.
 */
export const JCF_LINEAR_SPRING = 16;
export const JCF_ANGULAR_SPRING = 32;
/** Distance joint: solve the length as a rigid (soft-constraint) rod instead of spring + limits. */
export const JCF_RIGID = 64;
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

// Kind-specific parameter slots (offsets from the record start).
// revolute
export const JC_REV_REL_C = JC_P + 6; // relative rotation qAᵀ·qB·R(−ref) at prepare time, as cos / sin
export const JC_REV_AXIAL_MASS = JC_P + 1; // 1 / (iA + iB)
export const JC_REV_MOTOR_SPEED = JC_P + 2;
export const JC_REV_MAX_MOTOR_IMPULSE = JC_P + 3; // h · max torque
export const JC_REV_LOWER = JC_P + 4;
export const JC_REV_UPPER = JC_P + 5;
export const JC_REV_REL_S = JC_P + 7; // (REL_S follows REL_C in every kind: writeJointAngle reads the pair)
// prismatic and wheel
export const JC_PRI_AXIS_X = JC_P; // axis in world at prepare time (rotated with A each substep)
export const JC_PRI_AXIS_Y = JC_P + 1;
export const JC_PRI_REL_C = JC_P + 8; // prismatic: relative rotation at prepare time (cos; sin at JC_PRI_REL_S)
export const JC_PRI_MOTOR_SPEED = JC_P + 3;
export const JC_PRI_MAX_MOTOR_IMPULSE = JC_P + 4; // h · max force (prismatic) or torque (wheel)
export const JC_PRI_LOWER = JC_P + 5;
export const JC_PRI_UPPER = JC_P + 6;
export const JC_WHEEL_ANGULAR_MASS = JC_P + 7; // 1 / (iA + iB)
export const JC_PRI_REL_S = JC_P + 9;
// distance
export const JC_DIST_LENGTH = JC_P;
export const JC_DIST_MIN = JC_P + 1;
export const JC_DIST_MAX = JC_P + 2;
export const JC_DIST_MOTOR_SPEED = JC_P + 3;
export const JC_DIST_MAX_MOTOR_IMPULSE = JC_P + 4;
export const JC_DIST_HERTZ = JC_P + 5; // 0: no spring row (free between the limits)
export const JC_DIST_AXIAL_MASS = JC_P + 6; // effective mass along the axis at prepare time (kg)
// weld
export const JC_WELD_REL_C = JC_P + 2; // relative rotation at prepare time (cos, sin)
export const JC_WELD_AXIAL_MASS = JC_P + 1;
export const JC_WELD_REL_S = JC_P + 3;
// mouse
export const JC_MOUSE_MAX_IMPULSE = JC_P; // h · max force
// motor joint
export const JC_MOTOR_REL_C = JC_P + 5; // relative rotation with the angular offset removed, at prepare time (cos, sin)
export const JC_MOTOR_AXIAL_MASS = JC_P + 1;
export const JC_MOTOR_MAX_FORCE_IMPULSE = JC_P + 2;
export const JC_MOTOR_MAX_TORQUE_IMPULSE = JC_P + 3;
export const JC_MOTOR_CORRECTION_RATE = JC_P + 4; // correction factor / h (1/s)
export const JC_MOTOR_REL_S = JC_P + 6;
// pulley
export const JC_PUL_GROUND_AX = JC_P; // ground anchor A minus centre of A at prepare time (m)
export const JC_PUL_GROUND_AY = JC_P + 1;
export const JC_PUL_GROUND_BX = JC_P + 2; // ground anchor B minus centre of B (m)
export const JC_PUL_GROUND_BY = JC_P + 3;
export const JC_PUL_RATIO = JC_P + 4;
export const JC_PUL_CONSTANT = JC_P + 5; // lengthA + ratio · lengthB (m)
