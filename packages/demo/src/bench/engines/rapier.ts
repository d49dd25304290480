/**
 * Rapier 2D (Rust in WASM), SIMD and scalar builds: default integration parameters, dt = 1/60, sleeping off (on
 * where the layout asks). joint_grid, tumbler and smash come from `rapier-scenes.ts`, characters from
 * `rapier-characters.ts`.
 * Both compat packages ship the wasm embedded, so `RAPIER.init()` needs no file access.
 */
import type { BenchEngine, EngineOptions } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';
import { rapierCharacters, type RapierScene } from './rapier-characters.js';
import { rapierScenes, type Rapier, type RapierBody, type RapierWorld } from './rapier-scenes.js';

/** Rapier's builders: the per-engine scenes, and the scenes with their own logic before each step. */
const builders: Readonly<
  Record<string, (R: Rapier, world: RapierWorld, canSleep: boolean) => RapierBody[] | RapierScene>
> = {
  ...rapierScenes,
  characters: rapierCharacters,
};

const libs = new Map<string, Rapier>();

async function load(simd: boolean): Promise<Rapier> {
  const key = simd ? 'simd' : 'scalar';
  const cached = libs.get(key);
  if (cached !== undefined) return cached;
  const mod = simd
    ? ((await import('@dimforge/rapier2d-simd-compat')).default as unknown as Rapier)
    : (await import('@dimforge/rapier2d-compat')).default;
  // rapier's own init() calls its wasm-bindgen loader the old way, which warns once on every init: mute just that.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('deprecated parameters for the initialization function')) warn(...args);
  };
  try {
    await mod.init();
  } finally {
    console.warn = warn;
  }
  libs.set(key, mod);
  return mod;
}

function makeRapierEngine(simd: boolean, options: EngineOptions): BenchEngine {
  let lib: Rapier | null = null;
  let world: RapierWorld | null = null;
  let boxes: RapierBody[] = [];
  let beforeStep: (() => void) | null = null;

  return {
    name: simd ? 'rapier-simd' : 'rapier',
    label: simd ? 'rapier2d-simd-compat (defaults)' : 'rapier2d-compat (defaults)',
    notes: [],
    ownScenes: Object.keys(builders),
    async init() {
      lib = await load(simd);
    },
    build(def: LayoutDef, layout: SceneLayout) {
      const R = lib!;
      const w = new R.World(layout.gravity);
      w.timestep = options.dt;
      world = w;
      if (def.perEngine) {
        const own = builders[def.name];
        if (own === undefined) throw new Error(`rapier: no builder for '${def.name}'`);
        const built = own(R, w, layout.sleep ?? false);
        boxes = Array.isArray(built) ? built : built.bodies;
        beforeStep = Array.isArray(built) ? null : built.beforeStep;
        return;
      }
      for (const s of layout.statics) {
        const body = w.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(s.x, s.y));
        for (const shape of s.shapes) {
          const desc =
            shape.kind === 'box'
              ? R.ColliderDesc.cuboid(shape.hx, shape.hy)
              : R.ColliderDesc.segment({ x: shape.x1, y: shape.y1 }, { x: shape.x2, y: shape.y2 });
          w.createCollider(desc.setFriction(layout.staticFriction), body);
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const desc = R.RigidBodyDesc.dynamic()
          .setTranslation(positions[2 * n], positions[2 * n + 1])
          .setCanSleep(false);
        const body = w.createRigidBody(desc);
        w.createCollider(R.ColliderDesc.cuboid(hx, hy).setDensity(density).setFriction(friction), body);
        boxes.push(body);
      }
    },
    step() {
      if (beforeStep !== null) beforeStep();
      world!.step();
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const t = boxes[n].translation();
        out[2 * n] = t.x;
        out[2 * n + 1] = t.y;
      }
    },
    dispose() {
      world?.free();
      world = null;
      boxes = [];
      beforeStep = null;
    },
  };
}

export function createSimdEngine(options: EngineOptions): BenchEngine {
  return makeRapierEngine(true, options);
}

export function createScalarEngine(options: EngineOptions): BenchEngine {
  return makeRapierEngine(false, options);
}
