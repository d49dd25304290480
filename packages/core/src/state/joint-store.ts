import { INITIAL_ROWS, type ColumnSpec } from '../storage/column-spec.js';
import { columnStore, growColumns } from '../storage/column-store.js';
import { growF64 } from '../storage/grow.js';
import { OVERFLOW_COLOUR } from '../solver/solver-layout.js';
import { JC_STRIDE } from './joint-layout.js';
import type { HandleColumn, JointId } from '../handles.js';

/**
 * Joint kinds as small integers, the index of each kind in JOINT_KINDS (joint-kinds.ts, and the solver's own table in
 * @impulse2d/systems): the solver groups its records by this id and runs one loop per kind. Values are stored in
 * joint rows and snapshots, so a new kind takes the next number (see CONTRIBUTING.md, "Adding a joint kind").
 */
export const JointType = {
  distance: 0,
  revolute: 1,
  prismatic: 2,
  weld: 3,
  wheel: 4,
  mouse: 5,
  motor: 6,
  pulley: 7,
  filter: 8,
} as const;
/**
 * Numeric joint type as stored in the joint records (see {@link JointType}).
 */
export type JointTypeId = (typeof JointType)[keyof typeof JointType];
/**
 * Joint type by name (`'distance'`, `'revolute'`, `'prismatic'`, …): what getJointType returns, a key of the
 * internal JointType enum.
 */
export type JointTypeName = keyof typeof JointType;
/** Joint type names by numeric type. */
export const JOINT_TYPE_NAMES: readonly JointTypeName[] = (Object.keys(JointType) as JointTypeName[]).sort(
  (a, b) => JointType[a] - JointType[b],
);
export const JOINT_TYPE_COUNT = JOINT_TYPE_NAMES.length;
/** Groups of joint records: one per graph colour (the overflow set included) and kind (see JointStore.groupStart). */
export const JOINT_GROUP_COUNT = (OVERFLOW_COLOUR + 1) * JOINT_TYPE_COUNT;

/** Per-joint flag bits in `JointStore.flags`. */
export const JointFlag = {
  /** The two bodies keep colliding with each other. */
  collideConnected: 1,
  enableLimit: 2,
  enableMotor: 4,
  enableSpring: 8,
  /**
   * The hard rows take the joint's own softness (JF_CONSTRAINT_HERTZ, JF_CONSTRAINT_DAMPING_RATIO) instead of the
   * world's jointHertz / jointDampingRatio. A revolute joint with it is solved from a general record, not as a plain pin.
   */
  constraintTuning: 16,
} as const;

/**
 * Float parameter columns of a joint row (`JointStore.f[JF_X][row]`). One column per field, shared by the kinds
 * that use it; a kind ignores the columns it has no use for. Lengths in m, angles in rad, relative to body origins
 * and in body-local axes unless noted.
 */
export const JF_ANCHOR_AX = 0; // local anchor on body A (m, body A frame, from A's origin)
export const JF_ANCHOR_AY = 1;
export const JF_ANCHOR_BX = 2; // local anchor on body B (m, body B frame, from B's origin)
export const JF_ANCHOR_BY = 3;
export const JF_REFERENCE_ANGLE = 4; // angleB − angleA at which the joint angle is zero (rad)
export const JF_AXIS_X = 5; // unit axis in body A's frame (prismatic, wheel)
export const JF_AXIS_Y = 6;
export const JF_LENGTH = 7; // distance: rest length (m); pulley: rope length on side A (m)
export const JF_MIN_LENGTH = 8; // distance: lower length limit (m)
export const JF_MAX_LENGTH = 9; // distance: upper length limit (m)
export const JF_HERTZ = 10; // spring stiffness (Hz); weld: linear stiffness; mouse: drag stiffness
export const JF_DAMPING_RATIO = 11; // spring damping ratio; weld: linear damping ratio
export const JF_ANGULAR_HERTZ = 12; // weld: angular stiffness (Hz)
export const JF_ANGULAR_DAMPING_RATIO = 13; // weld: angular damping ratio
export const JF_LOWER = 14; // lower limit: angle (rad, revolute) or translation (m, prismatic, wheel)
export const JF_UPPER = 15; // upper limit
export const JF_MOTOR_SPEED = 16; // rad/s (revolute, wheel) or m/s (prismatic, distance)
export const JF_MAX_MOTOR = 17; // largest motor torque (N m) or force (N)
export const JF_TARGET_X = 18; // mouse: world target (m); motor joint: linear offset of B in A's frame (m)
export const JF_TARGET_Y = 19;
export const JF_ANGULAR_OFFSET = 20; // motor joint: target angleB − angleA (rad)
export const JF_MAX_FORCE = 21; // mouse, motor joint: largest force (N)
export const JF_MAX_TORQUE = 22; // motor joint: largest torque (N m)
export const JF_CORRECTION = 23; // motor joint: fraction of the offset error removed per substep, in [0, 1]
export const JF_GROUND_AX = 24; // pulley: ground anchors (m, world)
export const JF_GROUND_AY = 25;
export const JF_GROUND_BX = 26;
export const JF_GROUND_BY = 27;
export const JF_RATIO = 28; // pulley ratio
export const JF_LENGTH_B = 29; // pulley: rope length on side B (m)
export const JF_REF_COS = 30; // cos and sin of the reference angle (motor joint: of the angular offset), from the
export const JF_REF_SIN = 31; // deterministic cosSin, so the solver composes rotations instead of calling atan2 twice
export const JF_SPRING_TARGET = 32; // where the spring pulls: joint angle (rad, revolute) or translation (m, prismatic, wheel)
export const JF_LOWER_SPRING_FORCE = 33; // distance, prismatic, wheel: the spring row's force range (N), −∞ when open
export const JF_UPPER_SPRING_FORCE = 34; // (the spring's accumulated impulse stays in h·[lower, upper]); +∞ when open
export const JF_FORCE_THRESHOLD = 35; // joint event when the reaction force reaches it (N); +∞: none
export const JF_TORQUE_THRESHOLD = 36; // joint event when the reaction torque reaches it (N m); +∞: none
export const JF_CONSTRAINT_HERTZ = 37; // the hard rows' stiffness (Hz), read with JointFlag.constraintTuning
export const JF_CONSTRAINT_DAMPING_RATIO = 38; // and their damping ratio
/**
 * Accumulated impulses of the last step (N s or N m s per substep): slot k of a row is column JF_IMPULSE_0 + k. What
 * each slot holds is named by the kind (its JI_* constants and `impulses` in joints/kinds/<kind>.ts).
 */
export const JF_IMPULSE_0 = 39;
export const JOINT_IMPULSE_COUNT = 6;
export const JF_COUNT = JF_IMPULSE_0 + JOINT_IMPULSE_COUNT;

/** What the bitecs Joint marker component holds: the store of its world. */
export interface JointComponent {
  readonly store: JointStore;
}

/** Grown with the joint rows and stored for each live row. */
const ROW = { rows: 'rows', snapshot: 'rows' } as const;
/** Grown with the entity ids and stored for each of them. */
const ENTITY = { rows: 'entities', snapshot: 'entities' } as const;

/**
 * The joint columns apart from the parameter columns `f` (see storage/column-spec.ts for what an entry drives): dense
 * rows, the entity-indexed map and edge lists, and the solver records of the current step.
 */
export const JOINT_COLUMNS = {
  /** JointType id per row. */
  type: { type: 'i32', ...ROW, shared: true },
  /** JointFlag bits per row. */
  flags: { type: 'i32', ...ROW, shared: true },
  /** Body entity id of side A per row. */
  bodyA: { type: 'i32', ...ROW, shared: true },
  /** Body entity id of side B per row. */
  bodyB: { type: 'i32', ...ROW, shared: true },
  /** Joint entity index per row (the entity id without its version bits). */
  eid: { type: 'i32', ...ROW },
  /** Joint handle per row (see state/body-handle.ts). */
  handle: { type: 'f64', ...ROW },
  /** Row of a joint entity, −1 when the entity is not a joint. Indexed by entity id; derived from `eid` on restore. */
  rowOf: { type: 'i32', rows: 'entities', derived: true, initial: -1 },
  /** 1 once a joint on this entity id was destroyed (and no joint took the id since): a stale handle. */
  retired: { type: 'u8', ...ENTITY },
  /** Generation of the last joint on this index, +1 once destroyed (plain worlds' handles: body-handle.ts). */
  generation: { type: 'i32', ...ENTITY },
  /** Head of each body's joint-edge list (edge = jointEid·2 + side), −1 when none. Indexed by body entity id. */
  jointHead: { type: 'i32', ...ENTITY, initial: -1 },
  /** Next joint edge, indexed by edge. */
  edgeNext: { type: 'i32', width: 2, ...ENTITY, initial: -1 },
  /** Previous joint edge, indexed by edge. */
  edgePrev: { type: 'i32', width: 2, ...ENTITY, initial: -1 },
  /**
   * Solver records of the current step (JC_STRIDE per record), grouped by graph colour and, within a colour, by
   * joint kind; plain pins are not among them (they are SolverData.pins).
   */
  constraints: { type: 'f64', width: JC_STRIDE, rows: 'records', shared: true },
  /**
   * Records of colour q (0 to OVERFLOW_COLOUR) and kind t are [groupStart[q·JOINT_TYPE_COUNT + t],
   * groupStart[q·JOINT_TYPE_COUNT + t + 1]): one monomorphic loop per kind and colour.
   */
  groupStart: { type: 'i32', length: JOINT_GROUP_COUNT + 1, shared: true },
  /**
   * Graph colour per row (−1: no solver record, for want of a body in the solver or of constraint rows), kept from
   * step to step while `colouredVersion` holds.
   */
  rowColour: { type: 'i32', rows: 'rows', shared: true },
  /** Record index per row (among the pins for a plain pin, else among `constraints`), kept with rowColour. */
  rowSlot: { type: 'i32', rows: 'rows', shared: true },
  /**
   * The hard rows' softness of the current step from the world's settings: [biasRate, massScale, impulseScale], then
   * 1 when a joint's own constraint tuning applies (the soft step) or 0 when it does not (the classic solver).
   */
  softness: { type: 'f64', length: 4, shared: true },
} as const satisfies ColumnSpec<'rows' | 'entities' | 'records', 'rows' | 'entities'>;

/**
 * The joints of one world. A joint is a bitecs entity; its data lives in a dense row (creation order with
 * swap-remove, so iteration order depends only on the API call sequence). `rowOf` maps the entity id to its row.
 * Body joint-edge lists (edge = jointEid·2 + side) let the broadphase and destroyBody find a body's joints without
 * scanning all of them.
 */
export class JointStore extends columnStore(JOINT_COLUMNS) {
  /** The handle column, typed: an element is a JointId (no code emitted: the column is the spec's Float64Array). */
  declare handle: HandleColumn<JointId>;
  readonly Joint: JointComponent;
  /**
   * Float parameter columns, indexed by JF_* then row: rows like JOINT_COLUMNS' 'rows' columns, stored by snapshots
   * and shared with step workers one by one (snapshot-layout.ts, systems' shared-columns.ts).
   */
  readonly f: Float64Array[] = [];
  /** Live rows. */
  count = 0;
  /** 1/h of the last step (1/s): reaction force = impulse · invH. */
  invH = 0;
  /**
   * Live joints with a finite force or torque threshold (setThresholds keeps it; snapshots store it). While it is 0
   * the step looks at no joint for a joint event.
   */
  thresholdCount = 0;
  /** Scratch cursor per group for the prepare stage. */
  readonly groupCursor = new Int32Array(JOINT_GROUP_COUNT);
  constraintCount = 0;
  // The plain pins' records (PIN_STRIDE per record, see joint-layout.ts), `pinCount` of them, are SolverData.pins:
  // they live in the contact solver kernel's memory, which solves them.
  /** Pins of colour q are [pinStart[q], pinStart[q + 1]). */
  readonly pinStart = new Int32Array(OVERFLOW_COLOUR + 2);
  pinCount = 0;
  /**
   * Bumped by every change the colouring reads (a joint created or destroyed, a flag set or cleared; snapshot
   * restore). prepareJoints recolours when it differs from `colouredVersion`, or when the solver's bodies changed.
   */
  version = 0;
  /** `version` when rowColour, rowSlot, groupStart and pinStart were last computed (−1: never). */
  colouredVersion = -1;
  /** The solver (0 soft, −1 classic: every joint in the overflow set) they were computed for. */
  colouredFor = 0;
  /** Rows, entity ids and records every column of theirs holds. */
  private rowCapacity = INITIAL_ROWS;
  private entityCapacity = INITIAL_ROWS;
  private recordCapacity = INITIAL_ROWS;

  constructor() {
    super();
    for (let i = 0; i < JF_COUNT; i++) this.f.push(new Float64Array(INITIAL_ROWS));
    this.Joint = { store: this };
  }

  /** Capacity for `n` rows. */
  reserveRows(n: number): void {
    if (n <= this.rowCapacity) return;
    const f = this.f;
    for (let i = 0; i < JF_COUNT; i++) f[i] = growF64(f[i], n);
    this.rowCapacity = growColumns(this, JOINT_COLUMNS, 'rows', n);
  }

  /** Capacity for entity ids up to `maxEid` (joint and body ids share one space). */
  reserveEntities(maxEid: number): void {
    const n = maxEid + 1;
    if (n > this.entityCapacity) this.entityCapacity = growColumns(this, JOINT_COLUMNS, 'entities', n);
  }

  /** Capacity for `n` solver records. */
  reserveConstraints(n: number): void {
    if (n > this.recordCapacity) this.recordCapacity = growColumns(this, JOINT_COLUMNS, 'records', n);
  }

  /**
   * Sets a row's force (N) and torque (N m) thresholds of joint events (+∞: none), keeping thresholdCount. A new row
   * starts with both at +∞ (allocateJoint), a destroyed one leaves with both set back to +∞.
   */
  setThresholds(row: number, force: number, torque: number): void {
    const forces = this.f[JF_FORCE_THRESHOLD];
    const torques = this.f[JF_TORQUE_THRESHOLD];
    const was = forces[row] < Infinity || torques[row] < Infinity;
    forces[row] = force;
    torques[row] = torque;
    const now = force < Infinity || torque < Infinity;
    if (was !== now) this.thresholdCount += now ? 1 : -1;
  }

  /** Copies row `from` into row `to` (swap-remove). */
  moveRow(from: number, to: number): void {
    const f = this.f;
    for (let i = 0; i < JF_COUNT; i++) {
      const col = f[i];
      col[to] = col[from];
    }
    this.type[to] = this.type[from];
    this.flags[to] = this.flags[from];
    this.bodyA[to] = this.bodyA[from];
    this.bodyB[to] = this.bodyB[from];
    const e = this.eid[from];
    this.eid[to] = e;
    this.handle[to] = this.handle[from];
    this.rowOf[e] = to;
  }
}
