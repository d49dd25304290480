// The kernel's constraint builder (SolverKernel.buildContacts, over the inputs stageBuilderInputs copies into its
// memory) must write every record to the bit, and find the same restitution, bounce and hit flags, as the TypeScript
// builder (buildContactConstraints): contacts with the ground and between bodies, one and two points, restitution,
// hit events, rolling resistance, conveyor speed and a kinematic body.
import { describe, expect, it } from 'vitest';
import {
  addShape,
  createBody,
  createPhysicsWorld,
  makeBox,
  makeCapsule,
  makeCircle,
  type PhysicsWorld,
} from '@impulse2d/core';
import { getPhysics } from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { buildContactConstraints, stageBuilderInputs } from '@impulse2d/systems/internal';

/** A mixed pile on a conveyor: every kind of contact the builder treats apart. */
function pile(seed: number): PhysicsWorld {
  const w = createPhysicsWorld({
    gravity: { x: 0, y: -10 },
    enableSleep: true,
    restitutionThreshold: 0.2,
    hitEventThreshold: 0.1,
  });
  const ground = createBody(w, { type: 'static' });
  addShape(w, ground, makeBox(30, 1, { x: 0, y: -1 }), { tangentSpeed: 0.5 });
  const lift = createBody(w, { type: 'kinematic', position: { x: -10, y: 3 }, linearVelocity: { x: 0, y: 0.3 } });
  addShape(w, lift, makeBox(2, 0.25));
  let r = seed;
  const next = (): number => {
    r = (r * 1103515245 + 12345) & 0x7fffffff;
    return r / 0x7fffffff;
  };
  for (let i = 0; i < 160; i++) {
    const x = -14 + (i % 20) * 1.4 + next() * 0.2;
    const y = 0.6 + Math.floor(i / 20) * 1.3;
    const b = createBody(w, { type: 'dynamic', position: { x, y }, angle: next() - 0.5 });
    const kind = i % 3;
    const shape =
      kind === 0
        ? makeBox(0.5, 0.5)
        : kind === 1
          ? makeCircle(0.5)
          : makeCapsule({ x: -0.3, y: 0 }, { x: 0.3, y: 0 }, 0.3);
    addShape(w, b, shape, {
      restitution: i % 4 === 0 ? 0.6 : 0,
      rollingResistance: kind === 1 ? 0.2 : 0,
      enableHitEvents: i % 5 === 0,
      friction: 0.3 + 0.1 * (i % 5),
    });
  }
  return w;
}

/** The records and flags of both builders, from the inputs the world's last step left. */
function buildBoth(w: PhysicsWorld): { js: Uint32Array; wasm: Uint32Array; jsFound: number[]; wasmFound: number[] } {
  const p = getPhysics(w);
  const sd = p.solverData;
  const n = sd.contactCount;
  const found = new Int32Array(3);
  sd.contacts.fill(-1);
  buildContactConstraints(p, 0, n, found, 0);
  const js = new Uint32Array(sd.contacts.buffer, sd.contacts.byteOffset, sd.contacts.length).slice();
  const jsFound = Array.from(found);
  sd.contacts.fill(-1);
  const stage = stageBuilderInputs(p, n);
  expect(stage).toBeGreaterThan(0);
  const bits = sd.kernel!.buildContacts(sd.contactsAddress, sd.statesAddress, stage, 0, n);
  const wasm = new Uint32Array(sd.contacts.buffer, sd.contacts.byteOffset, sd.contacts.length).slice();
  return { js, wasm, jsFound, wasmFound: [bits & 1, (bits >> 1) & 1, (bits >> 2) & 1] };
}

describe("the kernel's constraint builder", () => {
  it('writes the records and finds the flags of the TypeScript builder, to the bit, through a pile settling', () => {
    for (const seed of [1, 7]) {
      const w = pile(seed);
      const seen = { bounce: 0, hit: 0, records: 0 };
      for (let step = 1; step <= 150; step++) {
        stepPhysics(w, 1 / 60);
        if (step % 10 !== 0) continue;
        const p = getPhysics(w);
        const { js, wasm, jsFound, wasmFound } = buildBoth(w);
        seen.records = Math.max(seen.records, p.solverData.contactCount);
        let differing = -1;
        for (let i = 0; i < js.length && differing < 0; i++) if (js[i] !== wasm[i]) differing = i;
        expect(differing, `step ${step}: first differing float`).toBe(-1);
        expect(wasmFound).toEqual(jsFound);
        seen.bounce += jsFound[1];
        seen.hit += jsFound[2];
      }
      // The pile piled up, and bounced and hit at least once while it was checked (else the flags went untested).
      expect(seen.records).toBeGreaterThan(150);
      expect(seen.bounce).toBeGreaterThan(0);
      expect(seen.hit).toBeGreaterThan(0);
    }
  });
});
