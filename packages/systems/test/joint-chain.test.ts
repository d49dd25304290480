// A 30-link chain hanging from a static body holds, and the top joint carries the weight of the whole chain.
import {
  addShape,
  createBody,
  createRevoluteJoint,
  getJointReactionForce,
  getJointWorldAnchors,
  getMass,
  makeBox,
  makeCapsule,
  type PhysicsWorld,
  type JointId,
} from '@impulse2d/core';
import { describe, expect, it } from 'vitest';
import { run, world } from './helpers/scene.js';

const N = 30;
const HALF = 0.25;

/** Chain of `n` capsule links from a static body at (0, 20); `horizontal` lays it out along +x instead of down. */
function buildChain(w: PhysicsWorld, horizontal: boolean, n = N): { joints: JointId[]; links: number[]; mass: number } {
  const ground = createBody(w, { type: 'static', position: { x: 0, y: 20 } });
  addShape(w, ground, makeBox(0.5, 0.1));
  const joints: JointId[] = [];
  const links: number[] = [];
  let prev = ground;
  let mass = 0;
  for (let i = 0; i < n; i++) {
    const along = HALF + 2 * HALF * i;
    const link = createBody(w, {
      type: 'dynamic',
      position: horizontal ? { x: along, y: 20 } : { x: 0, y: 20 - along },
      angle: horizontal ? Math.PI / 2 : 0,
      enableSleep: false,
    });
    addShape(w, link, makeCapsule({ x: 0, y: -HALF }, { x: 0, y: HALF }, 0.06), { density: 20 });
    mass += getMass(w, link);
    const pin = 2 * HALF * i;
    joints.push(
      createRevoluteJoint(w, {
        bodyA: prev,
        bodyB: link,
        anchor: horizontal ? { x: pin, y: 20 } : { x: 0, y: 20 - pin },
      }),
    );
    links.push(link);
    prev = link;
  }
  return { joints, links, mass };
}

function maxJointGap(w: PhysicsWorld, joints: JointId[]): number {
  let gap = 0;
  for (const j of joints) {
    const [ax, ay, bx, by] = getJointWorldAnchors(w, j);
    gap = Math.max(gap, Math.hypot(bx - ax, by - ay));
  }
  return gap;
}

describe.each(['soft', 'classic'] as const)('hanging chain (%s solver)', (solver) => {
  it('30 links hanging at rest: the top joint reaction equals the chain weight within 1%', () => {
    const w = world({ solver });
    const { joints, links, mass } = buildChain(w, false);
    // Classic's rigid rows have no damping: the drop from the built pose rings down by t ≈ 5 s (top reaction 1.05×
    // the weight at 3 s, 1.000× from 5 s on, measured); the soft joints have settled by 3 s.
    run(w, 60 * (solver === 'classic' ? 5 : 3));
    const weight = mass * 10;
    const f = getJointReactionForce(w, joints[0]);
    expect(Math.abs(f.y - weight) / weight).toBeLessThan(0.01);
    expect(Math.abs(f.x) / weight).toBeLessThan(0.01);
    // Each joint below carries the links under it.
    const f15 = getJointReactionForce(w, joints[15]);
    expect(Math.abs(f15.y - (weight * (N - 15)) / N) / weight).toBeLessThan(0.01);
    // Soft joints (60 Hz) sag in proportion to load over effective mass: the top joint holds 30 links' weight with
    // the inertia of about one link, a few millimetres (as in Box2D v3's soft step).
    expect(maxJointGap(w, joints)).toBeLessThan(6e-3);
    expect(w.physics.transform.y[links[N - 1]]).toBeGreaterThan(20 - 2 * HALF * N);
  });

  it('30 links settled at rest (10 s, awake): the top joint reaction equals the chain weight within 0.5%', () => {
    // At rest the accumulated point impulse of the last substep's relax pass is the per-substep weight, so the
    // reaction (impulse / substep) is exact. Measured: +0.000% with capsules (density 20) and with boxes; the +2.75%
    // of the report comes from sleeping: the soft chain's stretch mode (about 2.3 Hz, a few cm) is still ringing
    // below the 0.05 m/s sleep threshold when the island falls asleep, and a sleeping joint keeps the impulses of
    // its last solved step, taken at an arbitrary phase of that ringing. The links here never sleep.
    const w = world();
    const { joints, mass } = buildChain(w, false);
    run(w, 60 * 10);
    const weight = mass * 10;
    const f = getJointReactionForce(w, joints[0]);
    expect(Math.abs(f.y - weight) / weight).toBeLessThan(0.005);
    expect(Math.abs(f.x) / weight).toBeLessThan(0.005);
  });

  it('chains of 20 to 40 links released horizontally swing down and stay connected for 10 s', () => {
    // Several lengths, because one trajectory can end in a knot: the tip of a chain that folds onto itself can wedge
    // its capsules so that their contacts hold one joint a few centimetres open (measured with the joints in graph
    // colours, soft solver: 30 links ended with links 26–29 knotted and joint 27 open 3.7 cm, while 20, 25, 35 and
    // 40 links ended at 0.3–0.9 cm). Box2D v3 (box2d3-wasm 5.2, the same chains) ended at 0.2–1.0 cm and peaked at
    // 4.1–4.8 cm during the fall.
    const finals: number[] = [];
    for (const n of [20, 25, 30, 35, 40]) {
      const w = world({ solver });
      const { joints, links } = buildChain(w, true, n);
      let worst = 0;
      for (let s = 0; s < 60 * 10; s++) {
        run(w, 1);
        if (s % 10 === 0) worst = Math.max(worst, maxJointGap(w, joints));
      }
      const t = w.physics.transform;
      for (const e of links) expect(Number.isFinite(t.x[e]) && Number.isFinite(t.y[e])).toBe(true);
      // The free end whips at several m/s during the fall; the soft joints stretch by at most a few centimetres.
      expect(worst).toBeLessThan(0.08);
      // Nothing comes apart, knot or not.
      finals.push(maxJointGap(w, joints));
      expect(finals[finals.length - 1]).toBeLessThan(0.05);
    }
    finals.sort((a, b) => a - b);
    expect(finals[2]).toBeLessThan(0.015);
  });
});
