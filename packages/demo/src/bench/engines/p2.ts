/**
 * p2-es: its defaults (GSSolver with 10 iterations, SAP broadphase), sleeping off, fixed 1/60 s steps, friction 0.6
 * through the default contact material. Mass = density · area. p2 has no line-vs-box collision, so segments become
 * thin static boxes.
 */
import type { Body, World } from 'p2-es';
import type { BenchEngine, EngineOptions } from '../engine.js';
import {
  hasSegments,
  segmentAsBox,
  SEGMENT_NOTE,
  type LayoutDef,
  type SceneLayout,
} from '../../scenes/layouts/index.js';

type P2 = typeof import('p2-es');
let lib: P2 | null = null;

export function createEngine(options: EngineOptions): BenchEngine {
  let world: World | null = null;
  let boxes: Body[] = [];
  const notes: string[] = ['one friction for all pairs (default contact material)'];

  return {
    name: 'p2',
    label: 'p2-es (default solver)',
    notes,
    async init() {
      lib ??= await import('p2-es');
    },
    build(_def: LayoutDef, layout: SceneLayout) {
      if (hasSegments(layout) && !notes.includes(SEGMENT_NOTE)) notes.push(SEGMENT_NOTE);
      const p = lib!;
      const w = new p.World({ gravity: [layout.gravity.x, layout.gravity.y] });
      w.sleepMode = p.World.NO_SLEEPING;
      w.defaultContactMaterial.friction = layout.boxes.friction;
      for (const s of layout.statics) {
        const body = new p.Body({ type: p.Body.STATIC, position: [s.x, s.y] });
        for (const shape of s.shapes) {
          const r = shape.kind === 'box' ? { cx: 0, cy: 0, hx: shape.hx, hy: shape.hy } : segmentAsBox(shape);
          body.addShape(new p.Box({ width: 2 * r.hx, height: 2 * r.hy }), [r.cx, r.cy]);
        }
        w.addBody(body);
      }
      const { hx, hy, density, positions } = layout.boxes;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const body = new p.Body({ mass: density * 4 * hx * hy, position: [positions[2 * n], positions[2 * n + 1]] });
        body.addShape(new p.Box({ width: 2 * hx, height: 2 * hy }));
        w.addBody(body);
        boxes.push(body);
      }
      world = w;
    },
    step() {
      world!.step(options.dt);
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const q = boxes[n].position;
        out[2 * n] = q[0];
        out[2 * n + 1] = q[1];
      }
    },
    dispose() {
      world?.clear();
      world = null;
      boxes = [];
    },
  };
}
