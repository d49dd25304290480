import { addShape, createBody, makeBox, makeSegment, type PhysicsWorld } from '@impulse2d/core';
import type { SceneLayout } from './layouts/index.js';

/** What a scene builder hands back: the dynamic box entities, in the layout's creation order. */
export interface BuiltScene {
  readonly boxes: Int32Array;
  /** The scene's own logic, run before each step (the characters' input); part of the timed step. */
  readonly beforeStep?: () => void;
}

/** Build a layout in one of our worlds (created by the caller with the layout's gravity). */
export function buildLayout(world: PhysicsWorld, layout: SceneLayout): BuiltScene {
  const shapeDef = { friction: layout.staticFriction };
  for (const s of layout.statics) {
    const body = createBody(world, { type: 'static', position: { x: s.x, y: s.y } });
    for (const shape of s.shapes) {
      const geometry =
        shape.kind === 'box'
          ? makeBox(shape.hx, shape.hy)
          : makeSegment({ x: shape.x1, y: shape.y1 }, { x: shape.x2, y: shape.y2 });
      addShape(world, body, geometry, shapeDef);
    }
  }
  const { hx, hy, density, friction, positions } = layout.boxes;
  const count = positions.length >> 1;
  const boxes = new Int32Array(count);
  const boxDef = { density, friction };
  for (let n = 0; n < count; n++) {
    const eid = createBody(world, { type: 'dynamic', position: { x: positions[2 * n], y: positions[2 * n + 1] } });
    addShape(world, eid, makeBox(hx, hy), boxDef);
    boxes[n] = eid;
  }
  return { boxes };
}
