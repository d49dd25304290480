import { EventBuffer } from './event-buffer.js';

/** Contact begin record: the pair began touching this step (first manifold point within the speculative margin). */
export const CB_SHAPE_A = 0; // shape handle
export const CB_SHAPE_B = CB_SHAPE_A + 1;
export const CB_BODY_A = CB_SHAPE_B + 1; // body entity id
export const CB_BODY_B = CB_BODY_A + 1;
export const CB_NORMAL_X = CB_BODY_B + 1; // manifold normal, A → B
export const CB_NORMAL_Y = CB_NORMAL_X + 1;
export const CB_POINT_COUNT = CB_NORMAL_Y + 1;
export const CB_POINT0_X = CB_POINT_COUNT + 1; // world points (m) and separations (m)
export const CB_POINT0_Y = CB_POINT0_X + 1;
export const CB_POINT0_SEPARATION = CB_POINT0_Y + 1;
export const CB_POINT1_X = CB_POINT0_SEPARATION + 1;
export const CB_POINT1_Y = CB_POINT1_X + 1;
export const CB_POINT1_SEPARATION = CB_POINT1_Y + 1;
export const CB_STRIDE = CB_POINT1_SEPARATION + 1;

/** Contact end, sensor begin / end records: the two shapes and bodies (for sensors, A is the sensor shape). */
export const PAIR_SHAPE_A = 0;
export const PAIR_SHAPE_B = PAIR_SHAPE_A + 1;
export const PAIR_BODY_A = PAIR_SHAPE_B + 1;
export const PAIR_BODY_B = PAIR_BODY_A + 1;
export const PAIR_STRIDE = PAIR_BODY_B + 1;

/** Contact hit record: a point that approached faster than the world's hit threshold. */
export const HIT_SHAPE_A = 0;
export const HIT_SHAPE_B = HIT_SHAPE_A + 1;
export const HIT_BODY_A = HIT_SHAPE_B + 1;
export const HIT_BODY_B = HIT_BODY_A + 1;
export const HIT_POINT_X = HIT_BODY_B + 1; // world point (m)
export const HIT_POINT_Y = HIT_POINT_X + 1;
export const HIT_NORMAL_X = HIT_POINT_Y + 1;
export const HIT_NORMAL_Y = HIT_NORMAL_X + 1;
export const HIT_APPROACH_SPEED = HIT_NORMAL_Y + 1; // m/s, positive
export const HIT_STRIDE = HIT_APPROACH_SPEED + 1;

/** Body moved record: an awake body's transform after the step. */
export const MOVE_BODY = 0;
export const MOVE_X = MOVE_BODY + 1;
export const MOVE_Y = MOVE_X + 1;
export const MOVE_C = MOVE_Y + 1;
export const MOVE_S = MOVE_C + 1;
export const MOVE_FELL_ASLEEP = MOVE_S + 1; // 1 when the body fell asleep at the end of this step
export const MOVE_STRIDE = MOVE_FELL_ASLEEP + 1;

/** Sleep record: a body fell asleep (1) or woke (0). */
export const SLEEP_BODY = 0;
export const SLEEP_ASLEEP = SLEEP_BODY + 1;
export const SLEEP_STRIDE = SLEEP_ASLEEP + 1;

/** Quarantine record: a body whose state became non-finite in the step was frozen at its last finite pose. */
export const QUARANTINE_BODY = 0;
export const QUARANTINE_STRIDE = 1;

/** Joint event record: a joint whose reaction reached its force or torque threshold in the step (getJointEvents). */
export const JEV_JOINT = 0; // joint handle
export const JEV_FORCE = JEV_JOINT + 1; // magnitude of the reaction force on body B (N)
export const JEV_TORQUE = JEV_FORCE + 1; // magnitude of the reaction torque on body B (N m)
export const JEV_STRIDE = JEV_TORQUE + 1;

/**
 * Contact force record: a contact whose total normal force exceeded the smaller contact force threshold of its shapes
 * (getContactForceEvents).
 */
export const CF_SHAPE_A = 0; // shape handle
export const CF_SHAPE_B = CF_SHAPE_A + 1;
export const CF_BODY_A = CF_SHAPE_B + 1; // body entity id
export const CF_BODY_B = CF_BODY_A + 1;
export const CF_NORMAL_X = CF_BODY_B + 1; // manifold normal, A → B
export const CF_NORMAL_Y = CF_NORMAL_X + 1;
export const CF_TOTAL_FORCE = CF_NORMAL_Y + 1; // sum of the points' normal forces (N): normal impulses / substep
export const CF_MAX_FORCE = CF_TOTAL_FORCE + 1; // largest point's normal force (N)
export const CF_STRIDE = CF_MAX_FORCE + 1;

/**
 * The events of the last step, as flat arrays valid until the next step (no callbacks run inside the step).
 * Order is the pipeline's deterministic order (contact list, body list).
 */
export class EventStore {
  readonly contactBegin = new EventBuffer(CB_STRIDE);
  readonly contactEnd = new EventBuffer(PAIR_STRIDE);
  readonly contactHit = new EventBuffer(HIT_STRIDE);
  readonly sensorBegin = new EventBuffer(PAIR_STRIDE);
  readonly sensorEnd = new EventBuffer(PAIR_STRIDE);
  readonly bodyMoved = new EventBuffer(MOVE_STRIDE);
  readonly bodySleep = new EventBuffer(SLEEP_STRIDE);
  readonly bodyQuarantined = new EventBuffer(QUARANTINE_STRIDE);
  readonly joint = new EventBuffer(JEV_STRIDE);
  readonly contactForce = new EventBuffer(CF_STRIDE);

  clear(): void {
    this.contactBegin.clear();
    this.contactEnd.clear();
    this.contactHit.clear();
    this.sensorBegin.clear();
    this.sensorEnd.clear();
    this.bodyMoved.clear();
    this.bodySleep.clear();
    this.bodyQuarantined.clear();
    this.joint.clear();
    this.contactForce.clear();
  }
}
