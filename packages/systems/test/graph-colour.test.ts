// Graph colouring of contact and joint constraints: the rule (graph-colour.ts), and on random scenes the property the
// step workers rely on: no two rows of one colour touch the same movable body state (for contacts, the same dynamic
// body's: a kinematic body blocks no contact colour).
import {
  addShape,
  createBody,
  createDistanceJoint,
  createMouseJoint,
  createRevoluteJoint,
  createWeldJoint,
  destroyBody,
  destroyJoint,
  enableJointLimit,
  getAngularVelocity,
  getLinearVelocity,
  makeBox,
  makeCircle,
  type PhysicsWorld,
  type BodyId,
  type JointId,
} from '@impulse2d/core';
import {
  BI_EID,
  BI_STRIDE,
  BodyType,
  CC_INDEX_A,
  CC_INDEX_B,
  contactRecord,
  GRAPH_COLOURS,
  JC_INDEX_A,
  JC_INDEX_B,
  JC_STRIDE,
  JOINT_TYPE_COUNT,
  OVERFLOW_COLOUR,
  PIN_STRIDE,
  getPhysics,
} from '@impulse2d/core/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { takeColour } from '../src/graph-colour.js';
import { addGround, buildPyramid, run, transformHash, world } from './helpers/scene.js';

describe('takeColour', () => {
  it('gives the lowest colour free on both bodies and marks it on both', () => {
    const used = new Uint32Array(4);
    expect(takeColour(used, 1, 2, 0)).toBe(0);
    expect(takeColour(used, 2, 3, 0)).toBe(1);
    expect(takeColour(used, 1, 3, 0)).toBe(2);
    expect(Array.from(used)).toEqual([0, 0b101, 0b011, 0b110]);
  });

  it('never marks index 0 (static bodies), and rows against it skip colour 0', () => {
    const used = new Uint32Array(3);
    expect(takeColour(used, 0, 1, 0)).toBe(1);
    expect(takeColour(used, 2, 0, 0)).toBe(1);
    expect(used[0]).toBe(0);
    // Colour 0 is still free for a movable pair on those bodies.
    expect(takeColour(used, 1, 2, 0)).toBe(0);
  });

  it('sends a row to the overflow set, marking nothing, once every colour is taken or when uncoloured', () => {
    const used = new Uint32Array(3);
    used[1] = (1 << GRAPH_COLOURS) - 1;
    expect(takeColour(used, 1, 2, 0)).toBe(OVERFLOW_COLOUR);
    expect(used[2]).toBe(0);
    expect(takeColour(used, 2, 0, -1)).toBe(OVERFLOW_COLOUR);
    expect(used[2]).toBe(0);
  });
});

/**
 * Fails unless the rows [first, end) at `stride` in `rows` share no body state index other than 0 and those `shared`
 * allows.
 */
function expectDisjoint(
  seen: Map<number, string>,
  rows: Float32Array | Float64Array,
  first: number,
  end: number,
  offset: (k: number) => number,
  slots: readonly [number, number],
  what: string,
  shared: (index: number) => boolean = () => false,
): void {
  for (let k = first; k < end; k++) {
    for (const slot of slots) {
      const index = rows[offset(k) + slot];
      if (index === 0 || shared(index)) continue;
      const other = seen.get(index);
      expect(other, `${what} ${k} shares body state ${index} with ${other}`).toBeUndefined();
      seen.set(index, `${what} ${k}`);
    }
  }
}

const CONTACT_SLOTS = [CC_INDEX_A, CC_INDEX_B] as const;
// Pins share the joint records' index slots.
const JOINT_SLOTS = [JC_INDEX_A, JC_INDEX_B] as const;

/** Checks every colour of the step just taken: contact records, joint records and pins. */
function expectColoursDisjoint(w: PhysicsWorld): void {
  const p = getPhysics(w);
  const sd = p.solverData;
  const js = p.joints;
  const kinematic = (index: number): boolean =>
    p.bodies.type[sd.integration[index * BI_STRIDE + BI_EID]] === BodyType.kinematic;
  for (let q = 0; q < GRAPH_COLOURS; q++) {
    const contacts = new Map<number, string>();
    expectDisjoint(
      contacts,
      sd.contacts,
      sd.colourStart[q],
      sd.colourStart[q + 1],
      contactRecord,
      CONTACT_SLOTS,
      'contact',
      kinematic,
    );
    if (js.constraintCount + js.pinCount === 0) continue;
    // Joints have colours of their own: the pins and the other records of one colour together.
    const joints = new Map<number, string>();
    expectDisjoint(joints, sd.pins, js.pinStart[q], js.pinStart[q + 1], (k) => k * PIN_STRIDE, JOINT_SLOTS, 'pin');
    const g = js.groupStart;
    expectDisjoint(
      joints,
      js.constraints,
      g[q * JOINT_TYPE_COUNT],
      g[(q + 1) * JOINT_TYPE_COUNT],
      (k) => k * JC_STRIDE,
      JOINT_SLOTS,
      'joint',
    );
  }
  // Every row is in some colour or in the overflow set.
  expect(sd.colourStart[OVERFLOW_COLOUR + 1]).toBe(sd.contactCount);
  if (js.constraintCount + js.pinCount > 0) {
    expect(js.pinStart[OVERFLOW_COLOUR + 1]).toBe(js.pinCount);
    expect(js.groupStart[(OVERFLOW_COLOUR + 1) * JOINT_TYPE_COUNT]).toBe(js.constraintCount);
  }
}

const scenes = fc.record({
  bodies: fc.array(
    fc.record({
      x: fc.integer({ min: -8, max: 8 }),
      y: fc.integer({ min: 0, max: 12 }),
      circle: fc.boolean(),
      kinematic: fc.boolean(),
    }),
    { minLength: 2, maxLength: 60 },
  ),
  joints: fc.array(
    fc.record({ a: fc.nat(), b: fc.nat(), kind: fc.integer({ min: 0, max: 4 }), toGround: fc.boolean() }),
    { maxLength: 40 },
  ),
  steps: fc.integer({ min: 1, max: 12 }),
});

describe('graph colouring of a step', () => {
  it('leaves no two rows of one colour on the same movable body (random piles and joints of every kind)', () => {
    fc.assert(
      fc.property(scenes, ({ bodies, joints, steps }) => {
        const w = world();
        const ground = addGround(w);
        const ids = bodies.map((b, i) => {
          const id = createBody(w, {
            // One body in ten kinematic: kinematic bodies are in the solver; they block joint colours like dynamic
            // ones, and no contact colour.
            type: b.kinematic && i % 10 === 0 ? 'kinematic' : 'dynamic',
            position: { x: b.x * 0.9, y: 1.5 + b.y * 0.9 },
          });
          addShape(w, id, b.circle ? makeCircle(0.5) : makeBox(0.5, 0.5), { density: 1 });
          return id;
        });
        for (const j of joints) {
          const bodyA = j.toGround ? ground : ids[j.a % ids.length];
          const bodyB = ids[j.b % ids.length];
          if (bodyA === bodyB) continue;
          if (j.kind === 0) createRevoluteJoint(w, { bodyA, bodyB, anchor: { x: 0, y: 5 } });
          else if (j.kind === 1) {
            createRevoluteJoint(w, { bodyA, bodyB, anchor: { x: 0, y: 5 }, enableLimit: true, lowerAngle: -1 });
          } else if (j.kind === 2) createDistanceJoint(w, { bodyA, bodyB, length: 2 });
          else if (j.kind === 3) createWeldJoint(w, { bodyA, bodyB, anchor: { x: 0, y: 5 } });
          else createMouseJoint(w, { bodyA, bodyB, target: { x: 0, y: 8 } });
        }
        for (let s = 0; s < steps; s++) {
          run(w, 1);
          expectColoursDisjoint(w);
        }
      }),
      { numRuns: 40, seed: 20261125 },
    );
  });
});

/**
 * A hanging net of pins beside a pyramid that falls asleep; between steps joints are created and destroyed, limits
 * switched on and off (a pin becomes a general record and back), a body destroyed. `recolourEveryStep` forces the
 * joint and contact colourings to run every step instead of keeping last step's while nothing they read changed.
 */
function netRun(recolourEveryStep: boolean): string {
  const w = world({ enableSleep: true });
  addGround(w);
  const bodies = buildPyramid(w, 8);
  const beam = createBody(w, { type: 'static', position: { x: 30, y: 12 } });
  addShape(w, beam, makeBox(5, 0.2));
  const net: BodyId[] = [];
  const joints: JointId[] = [];
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      const b = createBody(w, { type: 'dynamic', position: { x: 27 + j, y: 11 - i } });
      addShape(w, b, makeCircle(0.3), { density: 1 });
      net.push(b);
      const anchor = { x: 27 + j, y: 11.5 - i };
      joints.push(createRevoluteJoint(w, { bodyA: i === 0 ? beam : net[net.length - 7], bodyB: b, anchor }));
      if (j > 0)
        joints.push(
          createRevoluteJoint(w, { bodyA: net[net.length - 2], bodyB: b, anchor: { x: 26.5 + j, y: 11 - i } }),
        );
    }
  }
  bodies.push(...net);
  const js = getPhysics(w).joints;
  const contacts = getPhysics(w).contacts;
  for (let s = 0; s < 240; s++) {
    if (s < 120 && s % 40 === 10) enableJointLimit(w, joints[s % joints.length], true);
    if (s < 120 && s % 40 === 30) enableJointLimit(w, joints[(s - 20) % joints.length], false);
    if (s === 60) destroyJoint(w, joints.splice(7, 1)[0]);
    if (s === 90) joints.push(createDistanceJoint(w, { bodyA: net[0], bodyB: net[35], length: 5 }));
    if (s === 150) destroyBody(w, net[20]);
    if (recolourEveryStep) {
      js.version++;
      contacts.version++;
    }
    run(w, 1);
    expectColoursDisjoint(w);
  }
  return transformHash(
    w,
    bodies.filter((b) => b !== net[20]),
  );
}

describe('colourings kept from step to step', () => {
  it('gives the bits of colouring every step, through joints created, destroyed and switched, and sleep', () => {
    expect(netRun(false)).toBe(netRun(true));
  });
});

describe('kinematic bodies in the contact colouring', () => {
  it('regression: the contacts of a kinematic platform share its colours instead of taking one each and overflowing', () => {
    // Before, the platform blocked like a dynamic body: 24 colours of one record each, and 36 of its 60 contacts in
    // the overflow set (solved on one thread while the step workers wait).
    const w = world({ enableSleep: false });
    const platform = createBody(w, {
      type: 'kinematic',
      position: { x: 0, y: 0 },
      linearVelocity: { x: 1, y: 0.25 },
      angularVelocity: 0.01,
    });
    addShape(w, platform, makeBox(40, 0.5));
    const boxes: BodyId[] = [];
    for (let i = 0; i < 60; i++) {
      const b = createBody(w, { type: 'dynamic', position: { x: -30 + i, y: 1 } });
      addShape(w, b, makeBox(0.4, 0.4), { density: 1 });
      boxes.push(b);
    }
    run(w, 120);
    const sd = getPhysics(w).solverData;
    const sizes = Array.from({ length: OVERFLOW_COLOUR + 1 }, (_, q) => sd.colourStart[q + 1] - sd.colourStart[q]);
    expect(sd.contactCount).toBe(60);
    expect(sizes[OVERFLOW_COLOUR]).toBe(0);
    expect(sizes.filter((n) => n > 0).length).toBe(1);
    expectColoursDisjoint(w);
    // The contacts left the platform's motion as set, and carried the boxes with it.
    expect(getLinearVelocity(w, platform)).toEqual({ x: 1, y: 0.25 });
    expect(getAngularVelocity(w, platform)).toBe(0.01);
    for (const b of boxes) expect(getLinearVelocity(w, b).x).toBeGreaterThan(0.9);
  });
});
