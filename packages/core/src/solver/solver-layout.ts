/**
 * Layouts of the solver's dense per-step arrays. The solver touches these (and nothing else) inside its substep
 * loops, so they are interleaved records in one typed array each: a contact's whole record sits in a few cache lines
 * and the loops need one base pointer, which measured faster in V8 than one column per field.
 */

/** Dense body state, one record per awake non-static body; record 0 is a shared zero state for static bodies. */
export const BS_VX = 0; // linear velocity (m/s)
export const BS_VY = BS_VX + 1;
export const BS_W = BS_VY + 1; // angular velocity (rad/s)
// Inverse mass (1/kg) and inverse rotational inertia, 0 for kinematic bodies and the static dummy: the contact solver
// reads them here, in doubles, not from its float records, so that the impulses it applies conserve momentum to a
// double's rounding (a float inverse mass times the body's mass is 1 only to 6e-8).
export const BS_INV_MASS = BS_W + 1;
export const BS_DPX = BS_INV_MASS + 1; // position change since the step began (m)
export const BS_DPY = BS_DPX + 1;
export const BS_DQC = BS_DPY + 1; // rotation change since the step began, as cos/sin
export const BS_DQS = BS_DQC + 1;
export const BS_INV_I = BS_DQS + 1;
export const BS_STRIDE = BS_INV_I + 1;

/** Per body state, for the constraint builder (SolverData.centres): where anchors on the body are measured from. */
export const CENTRE_LCX = 0; // local centre of mass rotated into world axes (m)
export const CENTRE_LCY = CENTRE_LCX + 1;
export const CENTRE_ORIGIN_X = CENTRE_LCY + 1; // body origin (m)
export const CENTRE_ORIGIN_Y = CENTRE_ORIGIN_X + 1;
export const CENTRE_INV_MASS = CENTRE_ORIGIN_Y + 1; // as BS_INV_MASS and BS_INV_I, copied here for the builder
export const CENTRE_INV_I = CENTRE_INV_MASS + 1;
export const CENTRE_STRIDE = CENTRE_INV_I + 1;

/** Dense per-step integration constants, one record per awake body (same index as the state). */
export const BI_DVX = 0; // velocity change per substep from gravity and forces (m/s)
export const BI_DVY = BI_DVX + 1;
export const BI_DW = BI_DVY + 1; // angular velocity change per substep from torque (rad/s)
export const BI_LINEAR_DAMPING = BI_DW + 1; // factor 1/(1 + h·c)
export const BI_ANGULAR_DAMPING = BI_LINEAR_DAMPING + 1;
export const BI_EID = BI_ANGULAR_DAMPING + 1; // entity id of the body
export const BI_STRIDE = BI_EID + 1;

/**
 * Bytes per field of a contact constraint record: the records live in a Float32Array, and the solver computes in
 * doubles. Each field is rounded to a float when written (a Float32Array store; f32.demote in the WebAssembly kernel:
 * both round to nearest, ties to even, so both paths keep the same bits) and read back exactly. Why: the solver's
 * passes stream every record a dozen times a step, and on big scenes the records outgrow the caches (many_pyramids:
 * 58,000 records, 21 MB as doubles); there, wall time followed the records' size (35% more bytes per record, 13%
 * slower). Box2D v3 keeps its constraints in floats, as here. The body states stay doubles, and the contact points'
 * impulses too, between steps. Indices (body states, contact rows) are exact in a float below 2^24, 16.7 million: a
 * world that large needs several GB for its body and contact columns before it gets there.
 */
export const CONSTRAINT_FIELD_BYTES = 4;

/**
 * Contact constraint records come in pairs, interleaved: records 2k and 2k+1 form one block of CC_PAIR_STRIDE floats in
 * which each field takes CC_LANES floats, record 2k's value then record 2k+1's. The field offsets below are from a
 * record's own start (contactRecord), so a loop over one record reads `cc[o + CC_FIELD]` either way. Why: the
 * WebAssembly kernel solves two independent records at once in SIMD lanes, and with their fields side by side it
 * loads and stores both lanes of a field with one instruction (as Box2D v3 lays its SIMD constraints out, four
 * wide in floats). Records apart in memory took two loads and an insert per field: the kernel's sweeps over
 * large_pyramid's 14,950 records ran 3.5% slower that way (AMD EPYC, Node 20).
 */
export const CC_LANES = 2;
/** Contact constraint record (CONSTRAINT_FIELD_BYTES per field, fields CC_LANES apart: see CC_LANES). */
export const CC_INDEX_A = 0; // body state index (0 = static)
export const CC_INDEX_B = CC_INDEX_A + CC_LANES;
export const CC_NORMAL_X = CC_INDEX_B + CC_LANES; // the masses are in the body states (BS_INV_MASS, BS_INV_I)
export const CC_NORMAL_Y = CC_NORMAL_X + CC_LANES;
export const CC_FRICTION = CC_NORMAL_Y + CC_LANES;
export const CC_RESTITUTION = CC_FRICTION + CC_LANES;
export const CC_BIAS_RATE = CC_RESTITUTION + CC_LANES; // soft contact bias rate (1/s)
export const CC_MASS_SCALE = CC_BIAS_RATE + CC_LANES; // soft contact mass scale
export const CC_IMPULSE_SCALE = CC_MASS_SCALE + CC_LANES; // soft contact impulse scale
export const CC_POINT_COUNT = CC_IMPULSE_SCALE + CC_LANES;
export const CC_TANGENT_SPEED = CC_POINT_COUNT + CC_LANES; // conveyor speed (m/s)
export const CC_ROLLING_RESISTANCE = CC_TANGENT_SPEED + CC_LANES;
export const CC_ROLLING_MASS = CC_ROLLING_RESISTANCE + CC_LANES;
export const CC_ROLLING_IMPULSE = CC_ROLLING_MASS + CC_LANES;
export const CC_CONTACT = CC_ROLLING_IMPULSE + CC_LANES; // contact row in the ContactStore
export const CC_HEADER = CC_CONTACT + CC_LANES;
/** Per-point fields at CC_HEADER + i * CCP_STRIDE. */
/*
 * The anchors rA, rB (contact point relative to each centre of mass, fixed for the step) are stored projected on
 * the normal n, which is all the solver needs: with t = (ny, −nx),
 *   rn = r × n (normal lever arm), r × t = −(r · n), and n · rotate(q, r) = q.c (r · n) + q.s (r × n),
 * so normal and friction rows and the current separation each cost a few multiplies instead of 2D vector algebra.
 */
export const CCP_RN_A = 0; // rA × n (m)
export const CCP_RN_B = CCP_RN_A + CC_LANES; // rB × n (m)
export const CCP_DN_A = CCP_RN_B + CC_LANES; // rA · n (m)
export const CCP_DN_B = CCP_DN_A + CC_LANES; // rB · n (m)
export const CCP_ADJUSTED_SEPARATION = CCP_DN_B + CC_LANES; // separation minus n·(rB − rA), so n·(Δ + rB' − rA') + this = current separation
export const CCP_NORMAL_MASS = CCP_ADJUSTED_SEPARATION + CC_LANES;
export const CCP_TANGENT_MASS = CCP_NORMAL_MASS + CC_LANES;
export const CCP_NORMAL_IMPULSE = CCP_TANGENT_MASS + CC_LANES;
export const CCP_TANGENT_IMPULSE = CCP_NORMAL_IMPULSE + CC_LANES;
export const CCP_MAX_NORMAL_IMPULSE = CCP_TANGENT_IMPULSE + CC_LANES;
// Normal velocity before solving (m/s), for restitution and hit events: written only for contacts with restitution or
// hit events (the others' value is left from any earlier record).
export const CCP_RELATIVE_VELOCITY = CCP_MAX_NORMAL_IMPULSE + CC_LANES;
export const CCP_STRIDE = CCP_RELATIVE_VELOCITY + CC_LANES;
/** Floats per pair of records (CC_LANES records, interleaved). */
export const CC_PAIR_STRIDE = CC_HEADER + 2 * CCP_STRIDE;

/** Offset (floats) of contact constraint record `r` in the records' array: its fields follow CC_LANES apart. */
export function contactRecord(r: number): number {
  return (r >> 1) * CC_PAIR_STRIDE + (r & 1);
}

/** Floats the first `n` contact constraint records take (whole pairs). */
export function contactRecordsLength(n: number): number {
  return ((n + 1) >> 1) * CC_PAIR_STRIDE;
}

/**
 * Per-step scalars of the solver, passed to the stage loops in one Float64Array (SolverData.params), not as arguments
 * (docs/design/v8-hot-code.md, rule 1).
 */
export const SP_H = 0; // substep length (s)
export const SP_INV_H = SP_H + 1; // 1 / h
export const SP_MAX_LINEAR_SPEED = SP_INV_H + 1; // speed clamp (m/s)
export const SP_PUSH_MAX_SPEED = SP_MAX_LINEAR_SPEED + 1; // largest push-out speed of overlapping contacts (m/s)
export const SP_RESTITUTION_THRESHOLD = SP_PUSH_MAX_SPEED + 1; // approach speed below which nothing bounces (m/s)
export const SP_DT = SP_RESTITUTION_THRESHOLD + 1; // full step length (s)
export const SP_HIT_THRESHOLD = SP_DT + 1; // approach speed above which a contact hit event is logged (m/s)
// The most kinetic energy the speed and rotation clamps let this step's awake bodies carry, Σ m·v²max + I·ω²max
// (twice the joules; prepareBodies): the finalize stage's measure of a body whose solve diverged.
export const SP_KINETIC_CAP = SP_HIT_THRESHOLD + 1;
// This step's contact softness (prepareContacts): bias rate, mass scale and impulse scale of rows between movable
// bodies, then of rows against static bodies (twice as stiff).
export const SP_SOFT_RATE = SP_KINETIC_CAP + 1;
export const SP_SOFT_MASS = SP_SOFT_RATE + 1;
export const SP_SOFT_IMPULSE = SP_SOFT_MASS + 1;
export const SP_STATIC_RATE = SP_SOFT_IMPULSE + 1;
export const SP_STATIC_MASS = SP_STATIC_RATE + 1;
export const SP_STATIC_IMPULSE = SP_STATIC_MASS + 1;
export const SP_SEPARATION_SHIFT = SP_STATIC_IMPULSE + 1; // added to every point's separation (classic: the slop)
export const SP_WARM_START = SP_SEPARATION_SHIFT + 1; // 1 to warm start from last step's impulses, else 0
export const SP_CONTINUOUS = SP_WARM_START + 1; // 1 when the world sweeps fast bodies (continuous collision), else 0
// The world's speculative distance and linear slop (its length units), for the narrowphase on any thread.
export const SP_SPECULATIVE = SP_CONTINUOUS + 1;
export const SP_LINEAR_SLOP = SP_SPECULATIVE + 1;
// Fraction of a body's minimum extent it may move in a step before continuous collision sweeps it.
export const SP_SAFETY_FACTOR = SP_LINEAR_SLOP + 1;
export const SP_STRIDE = SP_SAFETY_FACTOR + 1;

/**
 * The scalars the WebAssembly kernel's body passes read from its own memory (solve.ts writes them there at the start
 * of the solve stage), at byte address KERNEL_SCALARS_ADDRESS, before the body states. Not arguments: a double passed
 * from JavaScript to a WebAssembly export was boxed on some call sites (docs/design/v8-hot-code.md, rule 1).
 */
export const KS_H = 0; // substep length (s), as SP_H
export const KS_MAX_LINEAR_SPEED = KS_H + 1; // as SP_MAX_LINEAR_SPEED
// The joints' shared softness (JointStore.softness): bias rate, mass scale, impulse scale of the hard rows.
export const KS_JOINT_RATE = KS_MAX_LINEAR_SPEED + 1;
export const KS_JOINT_MASS_SCALE = KS_JOINT_RATE + 1;
export const KS_JOINT_IMPULSE_SCALE = KS_JOINT_MASS_SCALE + 1;
export const KS_STRIDE = KS_JOINT_IMPULSE_SCALE + 1;
export const KERNEL_SCALARS_ADDRESS = 512;

/**
 * The constraint builder's inputs as the WebAssembly kernel's builder reads them: copied, column by column, into the
 * kernel's memory at SolverData.stagingAddress (systems' stage-builder-inputs.ts). The copy starts with a header of
 * BUILD_HEADER i32 slots, each the byte address of one input (BUILD_HIT_EVENTS holds a value instead). Whole columns
 * are copied: a block copy costs a few percent of what reading them row by row from JavaScript does.
 */
export const BUILD_RECORD_ROWS = 0; // i32 per record: the rows with a record (SolverData.constrainedRows)
export const BUILD_SLOT = BUILD_RECORD_ROWS + 1; // i32 per contact row: its record (SolverData.constraintSlot)
export const BUILD_FLAGS = BUILD_SLOT + 1; // u8 per contact row (ContactStore.flags)
export const BUILD_BODY_A = BUILD_FLAGS + 1; // i32 per contact row
export const BUILD_BODY_B = BUILD_BODY_A + 1;
export const BUILD_NORMAL_X = BUILD_BODY_B + 1; // f64 per contact row
export const BUILD_NORMAL_Y = BUILD_NORMAL_X + 1;
export const BUILD_FRICTION = BUILD_NORMAL_Y + 1;
export const BUILD_RESTITUTION = BUILD_FRICTION + 1;
export const BUILD_TANGENT_SPEED = BUILD_RESTITUTION + 1;
export const BUILD_ROLLING_RESISTANCE = BUILD_TANGENT_SPEED + 1;
export const BUILD_POINT_COUNT = BUILD_ROLLING_RESISTANCE + 1; // u8 per contact row
export const BUILD_POINTS = BUILD_POINT_COUNT + 1; // f64, CONTACT_POINTS_STRIDE per contact row
export const BUILD_INDEX_OF = BUILD_POINTS + 1; // i32 per entity: its body state (SolverData.indexOf)
export const BUILD_X = BUILD_INDEX_OF + 1; // f64 per entity: the body's transform and local centre of mass
export const BUILD_Y = BUILD_X + 1;
export const BUILD_C = BUILD_Y + 1;
export const BUILD_S = BUILD_C + 1;
export const BUILD_LOCAL_CENTER_X = BUILD_S + 1;
export const BUILD_LOCAL_CENTER_Y = BUILD_LOCAL_CENTER_X + 1;
export const BUILD_CENTRES = BUILD_LOCAL_CENTER_Y + 1; // f64, CENTRE_STRIDE per body state (SolverData.centres)
export const BUILD_PARAMS = BUILD_CENTRES + 1; // f64, SP_STRIDE: the step's scalars (SolverData.params)
export const BUILD_HIT_EVENTS = BUILD_PARAMS + 1; // the value of ContactFlag.hitEvents
export const BUILD_HEADER = BUILD_HIT_EVENTS + 1;

/**
 * Colours of the contact graph (see systems' colour-contacts.ts): constraints of one colour share no movable body, so
 * they can be solved in any order, or at once on several threads, with the same bits. Constraints that find no free
 * colour go to the overflow set, solved after the colours by one thread.
 */
export const GRAPH_COLOURS = 24;
/** Index of the overflow set in SolverData.colourStart (after the colours). */
export const OVERFLOW_COLOUR = GRAPH_COLOURS;
