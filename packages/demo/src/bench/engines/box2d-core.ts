/** @box2d/core (Box2D 2.4 in TS): 8 velocity / 3 position iterations, sleeping off, continuous physics on. */
import type { b2Body, b2World } from '@box2d/core';
import type { BenchEngine, EngineOptions } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';

type Box2D = typeof import('@box2d/core');
let lib: Box2D | null = null;

export function createEngine(options: EngineOptions): BenchEngine {
  let world: b2World | null = null;
  let boxes: b2Body[] = [];
  const iterations = { velocityIterations: 8, positionIterations: 3 };

  return {
    name: 'box2d-core',
    label: '@box2d/core (8 vel / 3 pos iterations)',
    notes: [],
    async init() {
      lib ??= await import('@box2d/core');
    },
    build(_def: LayoutDef, layout: SceneLayout) {
      const b = lib!;
      const w = b.b2World.Create(layout.gravity);
      w.SetAllowSleeping(false);
      for (const s of layout.statics) {
        const body = w.CreateBody({ type: b.b2BodyType.b2_staticBody, position: { x: s.x, y: s.y } });
        for (const shape of s.shapes) {
          const geometry =
            shape.kind === 'box'
              ? new b.b2PolygonShape().SetAsBox(shape.hx, shape.hy)
              : new b.b2EdgeShape().SetTwoSided({ x: shape.x1, y: shape.y1 }, { x: shape.x2, y: shape.y2 });
          body.CreateFixture({ shape: geometry, friction: layout.staticFriction });
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const body = w.CreateBody({
          type: b.b2BodyType.b2_dynamicBody,
          position: { x: positions[2 * n], y: positions[2 * n + 1] },
        });
        body.CreateFixture({ shape: new b.b2PolygonShape().SetAsBox(hx, hy), density, friction });
        boxes.push(body);
      }
      world = w;
    },
    step() {
      world!.Step(options.dt, iterations);
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const q = boxes[n].GetPosition();
        out[2 * n] = q.x;
        out[2 * n + 1] = q.y;
      }
    },
    dispose() {
      world = null;
      boxes = [];
    },
  };
}
