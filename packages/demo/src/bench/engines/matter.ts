/**
 * matter-js: its default iterations (6 position, 4 velocity, 2 constraint), sleeping off, fixed 1/60 s updates.
 * matter works in pixels with y down and gravity in px/ms², so the layout is scaled by PX_PER_M and flipped, and
 * gravity.scale is chosen to give 10 m/s². Segments become thin static boxes (matter has no segment shape).
 */
import type Matter from 'matter-js';
import type { BenchEngine, EngineOptions } from '../engine.js';
import {
  hasSegments,
  segmentAsBox,
  SEGMENT_NOTE,
  type LayoutDef,
  type SceneLayout,
} from '../../scenes/layouts/index.js';

type MatterLib = typeof Matter;
let lib: MatterLib | null = null;

/** Pixels per metre: a 1 m box is 40 px, a common size in matter's own demos. */
const PX_PER_M = 40;

export function createEngine(options: EngineOptions): BenchEngine {
  let engine: Matter.Engine | null = null;
  let boxes: Matter.Body[] = [];
  const notes: string[] = [];

  return {
    name: 'matter',
    label: 'matter-js (default iterations)',
    notes,
    async init() {
      lib ??= (await import('matter-js')).default;
    },
    build(_def: LayoutDef, layout: SceneLayout) {
      if (hasSegments(layout) && !notes.includes(SEGMENT_NOTE)) notes.push(SEGMENT_NOTE);
      const M = lib!;
      const S = PX_PER_M;
      // Body acceleration is gravity.y · gravity.scale px/ms²; 10 m/s² = 10·S px / 1e6 ms².
      const g = Math.hypot(layout.gravity.x, layout.gravity.y);
      const e = M.Engine.create({ enableSleeping: false });
      e.gravity.x = g > 0 ? layout.gravity.x / g : 0;
      e.gravity.y = g > 0 ? -layout.gravity.y / g : 0;
      e.gravity.scale = (g * S) / 1e6;
      const statics: Matter.Body[] = [];
      for (const s of layout.statics) {
        for (const shape of s.shapes) {
          const r = shape.kind === 'box' ? { cx: 0, cy: 0, hx: shape.hx, hy: shape.hy } : segmentAsBox(shape);
          const x = (s.x + r.cx) * S;
          const y = -(s.y + r.cy) * S;
          statics.push(
            M.Bodies.rectangle(x, y, 2 * r.hx * S, 2 * r.hy * S, { isStatic: true, friction: layout.staticFriction }),
          );
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const x = positions[2 * n] * S;
        const y = -positions[2 * n + 1] * S;
        // density per px² so that a box's mass in kg matches the layout's.
        boxes.push(M.Bodies.rectangle(x, y, 2 * hx * S, 2 * hy * S, { friction, density: density / (S * S) }));
      }
      M.Composite.add(e.world, statics);
      M.Composite.add(e.world, boxes);
      engine = e;
    },
    step() {
      lib!.Engine.update(engine!, options.dt * 1000);
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const p = boxes[n].position;
        out[2 * n] = p.x / PX_PER_M;
        out[2 * n + 1] = -p.y / PX_PER_M;
      }
    },
    dispose() {
      if (engine !== null) lib!.Engine.clear(engine);
      engine = null;
      boxes = [];
    },
  };
}
