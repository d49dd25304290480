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
import { addGround, type TestbedScene } from './showcase.js';

const RAGDOLLS = 12;

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

/** Ragdolls of capsule limbs on limited revolute joints, dropped onto steps and boxes. */
export const ragdolls: TestbedScene = {
  name: 'Ragdolls',
  steps: 900,
  description: `${RAGDOLLS} ragdolls (${limbs.length} capsule/circle limbs, ${hinges.length} limited revolute joints each) tumbling down steps`,
  view: { x: 0, y: 7, height: 22 },
  build(world: PhysicsWorld) {
    addGround(world, 30);
    // A staircase on the left, a tilted slab in the middle and a couple of blocks on the right.
    for (let i = 0; i < 5; i++) {
      const step = createBody(world, { type: 'static', position: { x: -13 + i * 1.5, y: (5 - i) * 0.5 } });
      addShape(world, step, makeBox(0.75, (5 - i) * 0.5), { friction: 0.7 });
    }
    const slab = createBody(world, { type: 'static', position: { x: 0, y: 3 }, angle: -0.35 });
    addShape(world, slab, makeBox(3, 0.25), { friction: 0.5 });
    for (const [bx, by, hx, hy] of [
      [7, 0.75, 0.75, 0.75],
      [10.5, 1.25, 1, 1.25],
      [13.5, 0.4, 1.5, 0.4],
    ] as const) {
      const block = createBody(world, { type: 'static', position: { x: bx, y: by } });
      addShape(world, block, makeBox(hx, hy), { friction: 0.7 });
    }

    const boxes: number[] = [];
    for (let i = 0; i < RAGDOLLS; i++) {
      const col = i % 6;
      const row = Math.floor(i / 6);
      const x = -12 + col * 4.6 + row * 1.5;
      const y = 6 + row * 4 + (col % 2) * 1.2;
      const angle = ((i * 1.7) % 3) - 1.5 + (row === 1 ? Math.PI / 2 : 0);
      addRagdoll(world, x, y, angle, (i % 3) - 1, -(i + 1), boxes);
    }
    return { boxes: Int32Array.from(boxes) };
  },
};
