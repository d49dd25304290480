import { addShape, createBody, createRevoluteJoint, getMass, getInertia, makeBox, makeSegment } from '@impulse2d/core';
import { it } from 'vitest';
import { run, world } from './helpers/scene.js';
for (const friction of [0, 50]) for (const span of [40, 36]) it('scratch ' + friction + ' ' + span, () => {
    const w = world();
    const ground = createBody(w, { type: 'static' });
    addShape(w, ground, makeSegment({ x: -40, y: 0 }, { x: 40, y: 0 }));
    const n = 40; const xBase = -20; const y = 10;
    const planks: number[] = [];
    let prev = ground;
    for (let i = 0; i < n; i++) {
      const plank = createBody(w, { type: 'dynamic', position: { x: xBase + 0.5 + i, y } });
      addShape(w, plank, makeBox(0.5, 0.125), { density: 20, friction: 0.6 });
      createRevoluteJoint(w, { bodyA: prev, bodyB: plank, anchor: { x: xBase + i, y }, enableMotor: friction > 0, maxMotorTorque: friction });
      planks.push(plank); prev = plank;
    }
    createRevoluteJoint(w, { bodyA: prev, bodyB: ground, anchor: { x: xBase + span, y }, localAnchorA: {x: 0.5, y: 0}, localAnchorB: {x: xBase+span, y}, enableMotor: friction > 0, maxMotorTorque: friction });
    const b = w.physics.bodies;
    const out: string[] = [];
    for (let s = 0; s < 30; s++) {
      run(w, 60);
      let vmax = 0, E = 0;
      for (const e of planks) { const v = Math.hypot(b.vx[e]!, b.vy[e]!); vmax = Math.max(vmax, v); E += 0.5 * getMass(w, e) * v * v + 0.5 * getInertia(w, e) * b.w[e]! ** 2 + getMass(w, e) * 10 * w.physics.transform.y[e]!; }
      if (s % 3 === 0) out.push(`${s} v=${vmax.toExponential(2)} E=${E.toFixed(0)} ymid=${w.physics.transform.y[planks[20]!]!.toFixed(3)}`);
    }
    console.log(friction, span, out.join('\n'));
});
