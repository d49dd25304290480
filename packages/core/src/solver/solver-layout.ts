/**
 * Layouts of the solver's dense per-step arrays. The solver touches these (and nothing else) inside its substep
 * loops, so they are interleaved records in one Float64Array each: a contact's whole record sits in a few cache lines
 * and the loops need one base pointer, which measured faster in V8 than one column per field.
 */

/** Dense body state, one record per awake non-static body; record 0 is a shared zero state for static bodies. */
export const BS_VX = 0; // linear velocity (m/s)
export const BS_VY = 1;
export const BS_W = 2; // angular velocity (rad/s)
export const BS_FLAGS = 3; // unused padding / flags
export const BS_DPX = 4; // position change since the step began (m)
export const BS_DPY = 5;
export const BS_DQC = 6; // rotation change since the step began, as cos/sin
export const BS_DQS = 7;
export const BODY_STATE_STRIDE = 8;

/** Dense per-step integration constants, one record per awake body (same index as the state). */
export const BI_DVX = 0; // velocity change per substep from gravity and forces (m/s)
export const BI_DVY = 1;
export const BI_DW = 2; // angular velocity change per substep from torque (rad/s)
export const BI_LINEAR_DAMPING = 3; // factor 1/(1 + h·c)
export const BI_ANGULAR_DAMPING = 4;
export const BI_INV_MASS = 5;
export const BI_INV_INERTIA = 6;
export const BI_EID = 7; // entity id of the body
export const BODY_INTEGRATION_STRIDE = 8;

/** Contact constraint record. */
export const CC_INDEX_A = 0; // body state index (0 = static)
export const CC_INDEX_B = 1;
export const CC_INV_MASS_A = 2;
export const CC_INV_I_A = 3;
export const CC_INV_MASS_B = 4;
export const CC_INV_I_B = 5;
export const CC_NORMAL_X = 6;
export const CC_NORMAL_Y = 7;
export const CC_FRICTION = 8;
export const CC_RESTITUTION = 9;
export const CC_BIAS_RATE = 10; // soft contact bias rate (1/s)
export const CC_MASS_SCALE = 11; // soft contact mass scale
export const CC_IMPULSE_SCALE = 12; // soft contact impulse scale
export const CC_POINT_COUNT = 13;
export const CC_TANGENT_SPEED = 14; // conveyor speed (m/s)
export const CC_ROLLING_RESISTANCE = 15;
export const CC_ROLLING_MASS = 16;
export const CC_ROLLING_IMPULSE = 17;
export const CC_CONTACT = 18; // contact row in the ContactStore
export const CC_HEADER = 20;
/** Per-point fields at CC_HEADER + i * CCP_STRIDE. */
/*
 * The anchors rA, rB (contact point relative to each centre of mass, fixed for the step) are stored projected on
 * the normal n, which is all the solver needs: with t = (ny, −nx),
 *   rn = r × n (normal lever arm), r × t = −(r · n), and n · rotate(q, r) = q.c (r · n) + q.s (r × n),
 * so normal and friction rows and the current separation each cost a few multiplies instead of 2D vector algebra.
 */
export const CCP_RN_A = 0; // rA × n (m)
export const CCP_RN_B = 1; // rB × n (m)
export const CCP_DN_A = 2; // rA · n (m)
export const CCP_DN_B = 3; // rB · n (m)
export const CCP_ADJUSTED_SEPARATION = 4; // separation minus n·(rB − rA), so n·(Δ + rB' − rA') + this = current separation
export const CCP_NORMAL_MASS = 5;
export const CCP_TANGENT_MASS = 6;
export const CCP_NORMAL_IMPULSE = 7;
export const CCP_TANGENT_IMPULSE = 8;
export const CCP_MAX_NORMAL_IMPULSE = 9;
export const CCP_RELATIVE_VELOCITY = 10; // normal velocity before solving (m/s), for restitution
export const CCP_STRIDE = 12;
export const CONTACT_CONSTRAINT_STRIDE = CC_HEADER + 2 * CCP_STRIDE;

/**
 * Per-step scalars of the solver, passed to the stage loops in one Float64Array (SolverData.params): doubles passed
 * as arguments to calls V8 does not inline are boxed, i.e. allocated on every call.
 */
export const SP_H = 0; // substep length (s)
export const SP_INV_H = 1; // 1 / h
export const SP_MAX_LINEAR_SPEED = 2; // speed clamp (m/s)
export const SP_PUSH_MAX_SPEED = 3; // largest push-out speed of overlapping contacts (m/s)
export const SP_RESTITUTION_THRESHOLD = 4; // approach speed below which nothing bounces (m/s)
export const SP_DT = 5; // full step length (s)
export const SP_HIT_THRESHOLD = 6; // approach speed above which a contact hit event is logged (m/s)
export const SOLVER_PARAM_COUNT = 8;
