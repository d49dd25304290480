// Churn: many create/destroy cycles of bodies, shapes and joints while they touch, checking that the stores'
// capacities stop growing once the live population is steady and that nothing dangles (validateWorld).
import {
  isJoint,
  addShape,
  createBody,
  createPhysicsWorld,
  createRevoluteJoint,
  createWeldJoint,
  destroyBody,
  destroyJoint,
  destroyShape,
  getShapeBody,
  getPhysics,
  makeBox,
  makeCapsule,
  makeCircle,
  validateWorld,
  type PhysicsWorld,
  type ShapeId,
  type JointId,
  type BodyId,
} from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { Rng } from './api-fuzzer.js';

/** Capacities of every growable store (rows ever handed out or array lengths). */
export interface Capacities {
  bodyColumns: number;
  shapeRows: number;
  contactRows: number;
  jointColumns: number;
  treeNodes: number;
  livePairs: number;
}

export function capacities(w: PhysicsWorld): Capacities {
  const p = getPhysics(w);
  const trees = p.broadphase.trees;
  return {
    bodyColumns: p.bodies.alive.length,
    shapeRows: p.shapes.capacityUsed,
    contactRows: p.contacts.capacityUsed,
    jointColumns: p.joints.type.length,
    treeNodes: trees[0].getNodeCount() + trees[1].getNodeCount(),
    livePairs: p.contacts.pairs.count,
  };
}

export interface ChurnResult {
  cycles: number;
  /** Capacities after the first tenth of the cycles and at the end. */
  early: Capacities;
  final: Capacities;
  /** Live bodies, contacts and joints at the end. */
  bodies: number;
  contacts: number;
  joints: number;
}

/**
 * `cycles` cycles on a pile of about `population` bodies in a small bin: each cycle creates a body (1–2 shapes)
 * dropped into the pile, sometimes jointed to a live neighbour, destroys the oldest body when over the population,
 * and now and then a shape or a joint; then steps once. validateWorld runs every `validateEvery` cycles.
 */
export function churn(cycles: number, population = 24, seed = 1, validateEvery = 100): ChurnResult {
  const rng = new Rng(seed);
  const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
  const ground = createBody(w, { type: 'static' });
  addShape(w, ground, makeBox(3, 0.5, { x: 0, y: -0.5 }));
  addShape(w, ground, makeBox(0.5, 4, { x: -3.5, y: 3 }));
  addShape(w, ground, makeBox(0.5, 4, { x: 3.5, y: 3 }));
  const bodies: BodyId[] = [];
  const shapes: ShapeId[] = [];
  const joints: JointId[] = [];
  let early: Capacities | null = null;
  for (let i = 0; i < cycles; i++) {
    const b = createBody(w, { type: 'dynamic', position: { x: rng.range(-2.5, 2.5), y: rng.range(0.3, 3) } });
    bodies.push(b);
    const n = 1 + rng.int(2);
    for (let k = 0; k < n; k++) {
      const s = rng.size() * 0.2 + 0.1;
      const geometry =
        k === 0
          ? makeBox(s, s * rng.range(0.5, 1.5))
          : rng.chance(0.5)
            ? makeCircle(s, { x: rng.range(-0.2, 0.2), y: rng.range(-0.2, 0.2) })
            : makeCapsule({ x: -s, y: 0 }, { x: s, y: 0 }, s * 0.4);
      shapes.push(addShape(w, b, geometry));
    }
    if (bodies.length > 2 && rng.chance(0.3)) {
      const other = bodies[rng.int(bodies.length - 1)];
      const anchor = { x: rng.range(-2, 2), y: rng.range(0.5, 2) };
      joints.push(
        rng.chance(0.5)
          ? createRevoluteJoint(w, { bodyA: other, bodyB: b, anchor })
          : createWeldJoint(w, { bodyA: other, bodyB: b, anchor }),
      );
    }
    if (bodies.length > population) {
      const gone = bodies.shift()!;
      destroyBody(w, gone); // takes its shapes, contacts and joints with it
    }
    if (rng.chance(0.2) && joints.length > 0) {
      const j = joints.splice(rng.int(joints.length), 1)[0];
      if (isLiveJoint(w, j)) destroyJoint(w, j);
    }
    if (rng.chance(0.2) && shapes.length > 0) {
      const s = shapes.splice(rng.int(shapes.length), 1)[0];
      if (isLiveShape(w, s)) destroyShape(w, s);
    }
    // Forget handles of destroyed things (a body's destruction takes its shapes and joints).
    if (shapes.length > 4 * population) shapes.splice(0, shapes.length - 4 * population);
    if (joints.length > 4 * population) joints.splice(0, joints.length - 4 * population);
    stepPhysics(w, 1 / 60);
    if ((i + 1) % validateEvery === 0) validateWorld(w);
    if (i + 1 === Math.ceil(cycles / 10)) early = capacities(w);
  }
  validateWorld(w);
  const p = getPhysics(w);
  return {
    cycles,
    early: early ?? capacities(w),
    final: capacities(w),
    bodies: p.bodies.count,
    contacts: p.contacts.count,
    joints: p.joints.count,
  };
}

/** A destroyed body took its shapes with it: their handles are stale and every shape call refuses them. */
function isLiveShape(w: PhysicsWorld, handle: ShapeId): boolean {
  try {
    getShapeBody(w, handle);
    return true;
  } catch {
    return false;
  }
}

function isLiveJoint(w: PhysicsWorld, j: JointId): boolean {
  // Handles carry a generation: a live joint on the same index under a newer handle is another joint.
  return isJoint(w, j);
}
