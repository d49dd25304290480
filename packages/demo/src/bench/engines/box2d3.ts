/**
 * box2d3-wasm: Box2D v3 compiled to WebAssembly (its entry loads the "deluxe" SIMD + threads build where the runtime
 * has both, else the compat build). One thread (`b2CreateWorld`) or a task system of N threads
 * (`b2CreateThreadedWorld(def, new TaskSystem(N))`, as `box2d3-wasm-mt`). Box2D v3's own defaults: 4 substeps,
 * continuous on, sleeping off unless the layout asks. joint_grid, tumbler and smash come from `box2d3-scenes.ts`.
 */
import type { BenchEngine, EngineOptions, StageTimes } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';
import { box2d3Scenes, dynamicBody, FRICTION, type B3Body, type B3World, type Box2D3 } from './box2d3-scenes.js';

let lib: Box2D3 | null = null;

/** Threads of box2d3-wasm-mt: the CLI's --threads (EngineOptions.threads), default 2. */
function threadCount(options: EngineOptions): number {
  const n = options.threads ?? 2;
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

function makeEngine(threads: number, options: EngineOptions): BenchEngine {
  let world: B3World | null = null;
  let boxes: B3Body[] = [];
  return {
    name: threads === 0 ? 'box2d3-wasm' : 'box2d3-wasm-mt',
    label: threads === 0 ? 'box2d3-wasm (Box2D v3, 1 thread)' : `box2d3-wasm (Box2D v3, ${threads} threads)`,
    notes: [],
    ownScenes: Object.keys(box2d3Scenes),
    async init() {
      if (lib === null) lib = await (await import('box2d3-wasm')).default();
    },
    build(def: LayoutDef, layout: SceneLayout) {
      const B = lib!;
      const worldDef = B.b2DefaultWorldDef();
      worldDef.gravity = new B.b2Vec2(layout.gravity.x, layout.gravity.y);
      worldDef.enableSleep = layout.sleep ?? false;
      world = threads === 0 ? B.b2CreateWorld(worldDef) : B.b2CreateThreadedWorld(worldDef, new B.TaskSystem(threads));
      const w = world;
      const canSleep = layout.sleep ?? false;
      if (def.perEngine) {
        const own = box2d3Scenes[def.name];
        if (own === undefined) throw new Error(`box2d3-wasm: no builder for '${def.name}'`);
        boxes = own(B, w, canSleep);
        return;
      }
      const rot = B.b2MakeRot(0);
      for (const s of layout.statics) {
        const bodyDef = B.b2DefaultBodyDef();
        bodyDef.position = new B.b2Vec2(s.x, s.y);
        const body = B.b2CreateBody(w, bodyDef);
        const shapeDef = B.b2DefaultShapeDef();
        shapeDef.material.friction = layout.staticFriction;
        for (const shape of s.shapes) {
          if (shape.kind === 'box') {
            B.b2CreatePolygonShape(body, shapeDef, B.b2MakeOffsetBox(shape.hx, shape.hy, new B.b2Vec2(0, 0), rot));
          } else {
            const segment = new B.b2Segment();
            segment.point1 = new B.b2Vec2(shape.x1, shape.y1);
            segment.point2 = new B.b2Vec2(shape.x2, shape.y2);
            B.b2CreateSegmentShape(body, shapeDef, segment);
          }
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      const shapeDef = B.b2DefaultShapeDef();
      shapeDef.density = density;
      shapeDef.material.friction = friction ?? FRICTION;
      const box = B.b2MakeBox(hx, hy);
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const body = dynamicBody(B, w, positions[2 * n], positions[2 * n + 1], canSleep);
        B.b2CreatePolygonShape(body, shapeDef, box);
        boxes.push(body);
      }
    },
    step() {
      lib!.b2World_Step(world!, options.dt, 4);
    },
    stageTimes(): StageTimes {
      return box2dStages(lib!, world!);
    },
    readPositions(out: Float64Array) {
      const B = lib!;
      for (let n = 0; n < boxes.length; n++) {
        const p = B.b2Body_GetPosition(boxes[n]);
        out[2 * n] = p.x;
        out[2 * n + 1] = p.y;
      }
    },
    dispose() {
      if (world !== null) lib?.b2DestroyWorld(world);
      world = null;
      boxes = [];
    },
  };
}

/**
 * Box2D's own profile of the last step (b2World_GetProfile, its clock) on our stages, so that the stage table shows
 * where the two engines differ: broadphase = pairs (new pairs from moved proxies) + refit (its trees' refit and
 * rebuild); narrowphase = collide (manifolds, touching changes); prepare = prepareStages + prepareConstraints (the
 * contact and joint constraints built); solve = the rest of solveConstraints (substeps, restitution, stored
 * impulses); finalize = transforms (poses, AABBs, fat boxes enlarged), continuous (bullets), splitIslands,
 * sleepIslands; total = step. The stages do not split the work at exactly the same points: ours refits fat boxes in
 * finalize, Box2D in refit, and its solve stage includes the prepare figures here subtracted.
 */
function box2dStages(B: Box2D3, w: B3World): StageTimes {
  const profile = B.b2World_GetProfile(w);
  const stages: StageTimes = {
    characters: 0,
    broadphase: profile.pairs + profile.refit,
    narrowphase: profile.collide,
    prepare: profile.prepareStages + profile.prepareConstraints,
    solve: profile.solveConstraints - profile.prepareConstraints,
    finalize: profile.transforms + profile.bullets + profile.splitIslands + profile.sleepIslands,
    total: profile.step,
  };
  // An embind class handle: its C++ copy stays on Box2D's heap until deleted.
  profile.delete();
  return stages;
}

export function createEngine(options: EngineOptions): BenchEngine {
  return makeEngine(0, options);
}

export function createThreadedEngine(options: EngineOptions): BenchEngine {
  return makeEngine(threadCount(options), options);
}
