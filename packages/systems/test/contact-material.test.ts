// A contact's mixed material (friction √(μA·μB), restitution max, ...) is what the solver reads for touching
// contacts. It is mixed when the contact begins to touch, not when the broadphase creates it, and again when a
// shape's material changes.
import { describe, expect, it } from 'vitest';
import { addShape, createBody, makeBox, setFriction, setRestitution } from '@impulse2d/core';
import { ContactFlag, getPhysics } from '@impulse2d/core/internal';
import { run, world } from './helpers/scene.js';

/** The contacts of the world as [friction, restitution, touching]. */
function contacts(w: ReturnType<typeof world>): Array<[number, number, boolean]> {
  const c = getPhysics(w).contacts;
  const rows: Array<[number, number, boolean]> = [];
  for (let k = 0; k < c.count; k++) {
    const id = c.list[k];
    rows.push([c.friction[id], c.restitution[id], (c.flags[id] & ContactFlag.touching) !== 0]);
  }
  return rows;
}

describe('contact material', () => {
  it('is mixed when the contact begins to touch, with the materials of that moment', () => {
    const w = world({ enableSleep: false });
    const ground = createBody(w, { type: 'static' });
    const groundShape = addShape(w, ground, makeBox(5, 0.5), { friction: 0.5, restitution: 0.1 });
    // Falling from 0.05 m above the ground: the fat boxes overlap at once (its margin is 0.0625 m), the shapes touch a
    // few steps later.
    const box = createBody(w, { type: 'dynamic', position: { x: 0, y: 1.05 } });
    const boxShape = addShape(w, box, makeBox(0.5, 0.5), { friction: 0.8, restitution: 0.3 });
    run(w, 1);
    expect(contacts(w)).toHaveLength(1);
    expect(contacts(w)[0][2]).toBe(false);
    // Changed while the pair is apart: the touch takes the new values.
    setFriction(w, groundShape, 0.2);
    setRestitution(w, boxShape, 0.05);
    run(w, 30);
    const [friction, restitution, touching] = contacts(w)[0];
    expect(touching).toBe(true);
    expect(friction).toBe(Math.sqrt(0.2 * 0.8));
    expect(restitution).toBe(0.1);
    // A pair no material change touched: mixed from the shapes alone when it began to touch.
    const other = createBody(w, { type: 'dynamic', position: { x: 3, y: 1.05 } });
    addShape(w, other, makeBox(0.5, 0.5), { friction: 0.7, restitution: 0.02 });
    run(w, 30);
    const second = contacts(w).find(([f]) => f !== Math.sqrt(0.2 * 0.8))!;
    expect(second).toEqual([Math.sqrt(0.2 * 0.7), 0.1, true]);
    // Changed while touching: the contact is re-mixed at once.
    setFriction(w, boxShape, 0.45);
    expect(contacts(w).map(([f]) => f)).toContain(Math.sqrt(0.2 * 0.45));
  });
});
