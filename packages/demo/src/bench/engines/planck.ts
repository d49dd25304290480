/**
 * planck.js (Box2D 2.4 in JS): 8 velocity / 3 position iterations, sleeping off (on where the layout asks), its
 * default continuous physics. joint_grid, tumbler and smash come from `planck-scenes.ts`.
 */
import type { Body, World } from 'planck';
import type { BenchEngine, EngineOptions } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';
import { planckScenes } from './planck-scenes.js';

type Planck = typeof import('planck');
let lib: Planck | null = null;

export function createEngine(options: EngineOptions): BenchEngine {
  let world: World | null = null;
  let boxes: Body[] = [];

  return {
    name: 'planck',
    label: 'planck (8 vel / 3 pos iterations)',
    notes: [],
    ownScenes: Object.keys(planckScenes),
    async init() {
      lib ??= await import('planck');
    },
    build(def: LayoutDef, layout: SceneLayout) {
      const p = lib!;
      const w = new p.World({ gravity: layout.gravity, allowSleep: layout.sleep ?? false });
      world = w;
      if (def.perEngine) {
        const own = planckScenes[def.name];
        if (own === undefined) throw new Error(`planck: no builder for '${def.name}'`);
        boxes = own(p, w);
        return;
      }
      for (const s of layout.statics) {
        const body = w.createBody({ type: 'static', position: { x: s.x, y: s.y } });
        for (const shape of s.shapes) {
          const geometry =
            shape.kind === 'box'
              ? new p.Box(shape.hx, shape.hy)
              : new p.Edge({ x: shape.x1, y: shape.y1 }, { x: shape.x2, y: shape.y2 });
          body.createFixture(geometry, { friction: layout.staticFriction });
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const body = w.createBody({ type: 'dynamic', position: { x: positions[2 * n], y: positions[2 * n + 1] } });
        body.createFixture(new p.Box(hx, hy), { density, friction });
        boxes.push(body);
      }
    },
    step() {
      world!.step(options.dt, 8, 3);
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const q = boxes[n].getPosition();
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
