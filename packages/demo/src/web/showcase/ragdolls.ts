import {
  addShape,
  createBody,
  createRevoluteJoint,
  makeBox,
  makeCapsule,
  makeCircle,
  type PhysicsWorld,
  type ShapeGeometry,
} from '@impulse2d/core';
import type { ParamValues, SceneParam } from '../protocol.js';
import { addGround, paramOf, type TestbedScene } from './showcase.js';

const params: readonly SceneParam[] = [{ key: 'count', label: 'ragdolls', min: 1, max: 24, step: 1, value: 6 }];

/** One limb of the rest pose: its centre in the ragdoll frame (facing +x, feet at y = 0) and its shape. */
interface Limb {
  readonly x: number;
  readonly y: number;
  readonly geometry: ShapeGeometry;
  readonly density: number;
}

/** A joint of the rest pose: the two limbs (indices), the anchor in the ragdoll frame, and the angle limits (rad). */
interface Hinge {
  readonly a: number;
  readonly b: number;
  readonly x: number;
  readonly y: number;
  readonly lower: number;
  readonly upper: number;
}

/** A vertical capsule of half-length `half` (segment) and radius `r`, centred on the body origin. */
const vCapsule = (half: number, r: number): ShapeGeometry => makeCapsule({ x: 0, y: -half }, { x: 0, y: half }, r);

// Rest pose, about 1.8 m tall, standing with arms hanging. Both arms (and both legs) share the same x: in 2D they
// only differ by the joint they swing on. Positive angles are counter-clockwise: forward (+x) for a hanging limb.
const PELVIS = 0;
const CHEST = 1;
const HEAD = 2;
const limbs: Limb[] = [
  { x: 0, y: 1.0, geometry: vCapsule(0.1, 0.14), density: 1 }, // 0 pelvis
  { x: 0, y: 1.35, geometry: vCapsule(0.12, 0.16), density: 1 }, // 1 chest
  { x: 0, y: 1.76, geometry: makeCircle(0.13), density: 1 }, // 2 head
];
const hinges: Hinge[] = [
  { a: PELVIS, b: CHEST, x: 0, y: 1.17, lower: -0.25, upper: 0.5 }, // waist
  { a: CHEST, b: HEAD, x: 0, y: 1.62, lower: -0.5, upper: 0.5 }, // neck
];
for (const side of [-1, 1]) {
  const dx = side * 0.02;
  const upperArm = limbs.push({ x: dx, y: 1.35, geometry: vCapsule(0.1, 0.06), density: 1 }) - 1;
  const foreArm = limbs.push({ x: dx, y: 1.06, geometry: vCapsule(0.09, 0.05), density: 1 }) - 1;
  const thigh = limbs.push({ x: dx, y: 0.71, geometry: vCapsule(0.13, 0.085), density: 1 }) - 1;
  const shin = limbs.push({ x: dx, y: 0.29, geometry: vCapsule(0.14, 0.07), density: 1 }) - 1;
  hinges.push(
    { a: CHEST, b: upperArm, x: dx, y: 1.5, lower: -1.2, upper: 2.9 }, // shoulder
    { a: upperArm, b: foreArm, x: dx, y: 1.2, lower: 0, upper: 2.6 }, // elbow: bends forward
    { a: PELVIS, b: thigh, x: dx, y: 0.92, lower: -0.6, upper: 2.0 }, // hip
    { a: thigh, b: shin, x: dx, y: 0.5, lower: -2.5, upper: 0 }, // knee: bends backward
  );
}

/** Builds one ragdoll with its feet at (x, y), turned by `angle`, its limbs in the (negative) collision `group`. */
function addRagdoll(
  world: PhysicsWorld,
  x: number,
  y: number,
  angle: number,
  spin: number,
  group: number,
  out: number[],
): void {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const toWorld = (px: number, py: number) => ({ x: x + c * px - s * py, y: y + s * px + c * py });
  const ids = limbs.map((limb) => {
    const eid = createBody(world, { type: 'dynamic', position: toWorld(limb.x, limb.y), angle, angularVelocity: spin });
    addShape(world, eid, limb.geometry, { density: limb.density, friction: 0.6, filter: { groupIndex: group } });
    out.push(eid);
    return eid;
  });
  for (const h of hinges) {
    const a = limbs[h.a];
    const b = limbs[h.b];
    // Every limb starts at the same angle, so the local anchors are the rest-pose offsets and referenceAngle is 0.
    createRevoluteJoint(world, {
      bodyA: ids[h.a],
      bodyB: ids[h.b],
      localAnchorA: { x: h.x - a.x, y: h.y - a.y },
      localAnchorB: { x: h.x - b.x, y: h.y - b.y },
      referenceAngle: 0,
      enableLimit: true,
      lowerAngle: h.lower,
      upperAngle: h.upper,
    });
  }
}

/** Ragdolls (six by default) of capsule limbs on limited revolute joints, dropped onto steps and blocks. */
export const ragdolls: TestbedScene = {
  name: 'Ragdolls',
  steps: 900,
  description: `ragdolls (${limbs.length} capsule/circle limbs, ${hinges.length} limited revolute joints each) tumbling down steps`,
  params,
  build(world: PhysicsWorld, values?: ParamValues) {
    const count = paramOf(params, values, 'count');
    addGround(world, 8);
    // A staircase on the left, a tilted slab in the middle and two blocks on the right: a stage about 16 m wide, on
    // which the fitted view draws a 1.8 m ragdoll about 100 pixels tall.
    for (let i = 0; i < 3; i++) {
      const step = createBody(world, { type: 'static', position: { x: -7 + i * 1.2, y: (3 - i) * 0.4 } });
      addShape(world, step, makeBox(0.6, (3 - i) * 0.4), { friction: 0.7 });
    }
    const slab = createBody(world, { type: 'static', position: { x: 0, y: 1.8 }, angle: -0.3 });
    addShape(world, slab, makeBox(1.8, 0.15), { friction: 0.5 });
    for (const [bx, by, hx, hy] of [
      [4.2, 0.5, 0.5, 0.5],
      [6.6, 0.8, 0.9, 0.8],
    ] as const) {
      const block = createBody(world, { type: 'static', position: { x: bx, y: by } });
      addShape(world, block, makeBox(hx, hy), { friction: 0.7 });
    }

    // Three columns, two ragdolls high; more go higher up.
    const boxes: number[] = [];
    for (let i = 0; i < count; i++) {
      const col = i % 3;
      const row = Math.floor(i / 3);
      const x = -5 + col * 5 + (row % 2) * 0.8;
      const y = 3.2 + row * 2.6;
      const angle = ((i * 1.7) % 3) - 1.5 + (row % 2 === 1 ? Math.PI / 2 : 0);
      addRagdoll(world, x, y, angle, (i % 3) - 1, -(i + 1), boxes);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
