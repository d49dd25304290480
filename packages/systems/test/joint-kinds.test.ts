// The joint kinds' two descriptor tables (core's JOINT_KINDS for the API and drawing, systems' for the solver) are
// complete and agree kind by kind, their impulse masks are consistent, and the generic joint API answers each kind
// as its descriptor says.
import * as core from '@impulse2d/core';
import {
  JOINT_IMPULSE_COUNT,
  JOINT_KINDS as CORE_KINDS,
  JOINT_TYPE_COUNT,
  JOINT_TYPE_NAMES,
  JointType,
  PhysicsError,
  type JointKind,
} from '@impulse2d/core/internal';
import { describe, expect, it } from 'vitest';
import { JOINT_KINDS as SOLVER_KINDS, type JointKindSolver } from '../src/joints/index.js';
import { run, world } from './helpers/scene.js';

/** Every member of a core kind, and what it must be. */
const CORE_MEMBERS: Record<keyof JointKind, string> = {
  name: 'string',
  impulses: 'object',
  record: 'object',
  features: 'object',
  limits: 'object',
  worldAnchors: 'function',
  reaction: 'function',
  draw: 'function',
};
const SOLVER_MEMBERS: Record<keyof JointKindSolver, string> = {
  name: 'string',
  impulses: 'object',
  movesBodyA: 'boolean',
  boundRatioAt: 'number',
  prepare: 'function',
  warmStart: 'function',
  solve: 'function',
  solvePositionsClassic: 'function',
};

const bits = (mask: number): number[] => [...Array(JOINT_IMPULSE_COUNT).keys()].filter((k) => ((mask >> k) & 1) !== 0);

describe('the joint kind tables', () => {
  it('list every JointType once, in type order, with the same names in both packages', () => {
    const types = Object.values(JointType).sort((a, b) => a - b);
    expect(types).toEqual([...Array(JOINT_TYPE_COUNT).keys()]);
    expect(CORE_KINDS.map((k) => k.name)).toEqual(JOINT_TYPE_NAMES);
    expect(SOLVER_KINDS.map((k) => k.name)).toEqual(JOINT_TYPE_NAMES);
    expect(new Set(JOINT_TYPE_NAMES).size).toBe(JOINT_TYPE_COUNT);
    for (const name of JOINT_TYPE_NAMES) expect(JOINT_TYPE_NAMES[JointType[name]]).toBe(name);
  });

  it('give every kind every member, of the right type', () => {
    for (const kind of CORE_KINDS) {
      expect(Object.keys(kind).sort(), kind.name).toEqual(Object.keys(CORE_MEMBERS).sort());
      for (const [member, type] of Object.entries(CORE_MEMBERS)) {
        expect(typeof kind[member as keyof JointKind], `${kind.name}.${member}`).toBe(type);
      }
      for (const feature of Object.values(kind.features)) expect(typeof feature).toBe('boolean');
    }
    for (const kind of SOLVER_KINDS) {
      expect(Object.keys(kind).sort(), kind.name).toEqual(Object.keys(SOLVER_MEMBERS).sort());
      for (const [member, type] of Object.entries(SOLVER_MEMBERS)) {
        const value = kind[member as keyof JointKindSolver];
        // A kind without a classic position pass says so with null.
        if (member === 'solvePositionsClassic' && value === null) continue;
        expect(typeof value, `${kind.name}.${member}`).toBe(type);
      }
    }
  });

  it("agree kind by kind: the solver reads the core kind's impulse slots, and its ratio slot is in its overlay", () => {
    for (let t = 0; t < JOINT_TYPE_COUNT; t++) {
      const c = CORE_KINDS[t];
      const s = SOLVER_KINDS[t];
      expect(s.impulses, c.name).toBe(c.impulses);
      if (s.boundRatioAt !== -1) expect(Object.values(c.record), c.name).toContain(s.boundRatioAt);
    }
  });

  it('derive consistent impulse masks from the named slots', () => {
    for (const { name, impulses: m, limits } of CORE_KINDS) {
      const slots = Object.values(m.slots);
      expect(new Set(slots).size, `${name}: slots unique`).toBe(slots.length);
      for (const slot of slots) {
        expect(Number.isInteger(slot) && slot >= 0 && slot < JOINT_IMPULSE_COUNT, `${name} slot ${slot}`).toBe(true);
      }
      expect(bits(m.used), name).toEqual([...slots].sort((a, b) => a - b));
      // Every slot is angular or linear, never both; every row role is among the slots, and no slot has two roles.
      expect(m.angular & ~m.used, `${name}: angular slots are slots`).toBe(0);
      expect(m.linear, name).toBe(m.used & ~m.angular);
      for (const role of [m.spring, m.motor, m.limit]) expect(role & ~m.used, name).toBe(0);
      expect(m.spring & m.motor, name).toBe(0);
      expect(m.spring & m.limit, name).toBe(0);
      expect(m.motor & m.limit, name).toBe(0);
      // A motor is one row; limits are a lower and an upper row, stored where setJointLimits finds them.
      expect(bits(m.motor).length, name).toBeLessThanOrEqual(1);
      expect(bits(m.limit).length, name).toBe(limits === null ? 0 : 2);
    }
  });
});

/** The public creator of each kind, found by its name: every kind has `createXJoint` and `defaultXJointDef`. */
function creatorOf(
  name: string,
): (w: core.PhysicsWorld, def: { bodyA: core.BodyId; bodyB: core.BodyId }) => core.JointId {
  const title = name[0].toUpperCase() + name.slice(1);
  const api = core as unknown as Record<string, unknown>;
  expect(typeof api[`default${title}JointDef`], `default${title}JointDef`).toBe('function');
  const create = api[`create${title}Joint`];
  expect(typeof create, `create${title}Joint`).toBe('function');
  return create as (w: core.PhysicsWorld, def: { bodyA: core.BodyId; bodyB: core.BodyId }) => core.JointId;
}

/** INVALID_ARGUMENT thrown, or nothing; which, per `throws`. */
function expectApplies(fn: () => unknown, applies: boolean, what: string): void {
  let err: unknown = null;
  try {
    fn();
  } catch (e) {
    err = e;
  }
  if (applies) expect(err, what).toBeNull();
  else {
    expect(err, what).toBeInstanceOf(PhysicsError);
    expect((err as PhysicsError).code, what).toBe('INVALID_ARGUMENT');
  }
}

/** Which kinds the generic setters and getters apply to: the API's documented behaviour, kept by the descriptors. */
const APPLIES: Record<string, string[]> = {
  motor: ['distance', 'revolute', 'prismatic', 'wheel'],
  limit: ['distance', 'revolute', 'prismatic', 'wheel'],
  spring: ['distance', 'revolute', 'prismatic', 'wheel'],
  springSettings: ['distance', 'revolute', 'prismatic', 'wheel', 'mouse'],
  referenceAngle: ['revolute', 'prismatic', 'weld'],
  axis: ['prismatic', 'wheel'],
  maxForce: ['mouse', 'motor'],
  springTarget: ['revolute', 'prismatic', 'wheel'],
  springForceRange: ['distance', 'prismatic', 'wheel'],
  localAnchorA: ['distance', 'revolute', 'prismatic', 'weld', 'wheel', 'pulley'],
  localAnchorB: ['distance', 'revolute', 'prismatic', 'weld', 'wheel', 'mouse', 'pulley'],
};

describe('the generic joint API answers each kind as its descriptor says', () => {
  it('and the descriptors say what the API documents', () => {
    const kinds = (has: (k: JointKind) => boolean): string[] => CORE_KINDS.filter(has).map((k) => k.name);
    expect(kinds((k) => k.impulses.motor !== 0)).toEqual(APPLIES.motor);
    expect(kinds((k) => k.impulses.limit !== 0)).toEqual(APPLIES.limit);
    expect(kinds((k) => k.limits !== null)).toEqual(APPLIES.limit);
    expect(kinds((k) => k.impulses.spring !== 0)).toEqual(APPLIES.spring);
    const features = [
      'springSettings',
      'referenceAngle',
      'axis',
      'maxForce',
      'springTarget',
      'springForceRange',
      'localAnchorA',
      'localAnchorB',
    ] as const;
    for (const feature of features) {
      expect(
        kinds((k) => k.features[feature]),
        feature,
      ).toEqual(APPLIES[feature]);
    }
  });

  it.each(JOINT_TYPE_NAMES.map((name) => [name]))('%s joints', (name) => {
    const kind = CORE_KINDS[JointType[name]];
    const w = world();
    const a = core.createBody(w, { type: 'dynamic', position: { x: 0, y: 5 } });
    core.addShape(w, a, core.makeBox(0.5, 0.5));
    const b = core.createBody(w, { type: 'dynamic', position: { x: 1.5, y: 5 } });
    core.addShape(w, b, core.makeBox(0.5, 0.5));
    const j = creatorOf(name)(w, { bodyA: a, bodyB: b });
    expect(core.getJointType(w, j)).toBe(name);
    const m = kind.impulses;
    expectApplies(() => core.enableJointMotor(w, j, true), m.motor !== 0, 'enableJointMotor');
    expectApplies(() => core.setJointMotorSpeed(w, j, 1), m.motor !== 0, 'setJointMotorSpeed');
    expectApplies(() => core.enableJointLimit(w, j, true), m.limit !== 0, 'enableJointLimit');
    expectApplies(() => core.setJointLimits(w, j, 0, 1), kind.limits !== null, 'setJointLimits');
    expectApplies(() => core.enableJointSpring(w, j, false), m.spring !== 0, 'enableJointSpring');
    expectApplies(() => core.setJointSpring(w, j, 2, 0.5), kind.features.springSettings, 'setJointSpring');
    expectApplies(() => core.getRevoluteJointAngle(w, j), kind.features.referenceAngle, 'getRevoluteJointAngle');
    expectApplies(() => core.getJointTranslation(w, j), kind.features.axis, 'getJointTranslation');
    expectApplies(() => core.setJointMaxForce(w, j, 10), kind.features.maxForce, 'setJointMaxForce');
    const f = kind.features;
    expectApplies(() => core.setJointSpringTarget(w, j, 0), f.springTarget, 'setJointSpringTarget');
    expectApplies(() => core.setJointSpringForceRange(w, j, -1e6, 1e6), f.springForceRange, 'setJointSpringForceRange');
    expectApplies(() => core.setJointLocalAnchorA(w, j, core.getJointLocalAnchorA(w, j)), f.localAnchorA, 'anchor A');
    expectApplies(() => core.setJointLocalAnchorB(w, j, core.getJointLocalAnchorB(w, j)), f.localAnchorB, 'anchor B');
    expectApplies(() => core.getJointLocalAxisA(w, j), f.axis, 'getJointLocalAxisA');
    expectApplies(() => core.setJointReferenceAngle(w, j, 0), f.referenceAngle, 'setJointReferenceAngle');
    // The base fields apply to every kind.
    expectApplies(() => core.setJointForceThreshold(w, j, 1e9), true, 'setJointForceThreshold');
    expectApplies(() => core.setJointTorqueThreshold(w, j, 1e9), true, 'setJointTorqueThreshold');
    expectApplies(() => core.setJointConstraintTuning(w, j, 60, 2), true, 'setJointConstraintTuning');
    expectApplies(() => core.setJointCollideConnected(w, j, false), true, 'setJointCollideConnected');
    if (kind.limits !== null) expect(core.getJointLimits(w, j)).toEqual([0, 1]);
    run(w, 10);
    // The getters read the stored impulses through the kind: finite, and zero motor force without a motor.
    const force = core.getJointReactionForce(w, j);
    expect(Number.isFinite(force.x) && Number.isFinite(force.y)).toBe(true);
    expect(Number.isFinite(core.getJointReactionTorque(w, j))).toBe(true);
    if (m.motor === 0) expect(core.getJointMotorForce(w, j)).toBe(0);
    expect(core.getJointWorldAnchors(w, j).every(Number.isFinite)).toBe(true);
  });
});
