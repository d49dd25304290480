/**
 * box2d3-wasm 5.2.0 (Box2D v3 compiled to WASM with Emscripten): Box2D v3's own defaults, 4 substeps, continuous on,
 * sleeping off unless the layout asks. Its ES entry picks the "deluxe" build (SIMD + pthreads) when the runtime
 * validates WASM SIMD, else the "compat" build; under Node 20 the deluxe build loads as is (SharedArrayBuffer and
 * worker_threads are there), so `box2d3-wasm-mt` runs `b2CreateThreadedWorld` with a `TaskSystem` of
 * `EngineOptions.threads` workers. joint_grid, tumbler and smash come from `box2d3-scenes.ts`.
 */
import type { BenchEngine, EngineOptions } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';
import { box3Scenes } from './box2d3-scenes.js';

// The part of the bound API we call (the package's own .d.ts is large and Emscripten-flavoured).
interface B2Vec2 {
  x: number;
  y: number;
}
interface B2Id {
  readonly index1: number;
}
interface B2WorldDef {
  gravity: B2Vec2;
  enableSleep: boolean;
  enableContinuous: boolean;
}
interface B2BodyDef {
  type: unknown;
  position: B2Vec2;
  enableSleep: boolean;
}
interface B2ShapeDef {
  density: number;
  material: { friction: number };
}
interface Box3Module {
  b2DefaultWorldDef(): B2WorldDef;
  b2CreateWorld(def: B2WorldDef): B2Id;
  b2CreateThreadedWorld(def: B2WorldDef, tasks: object): B2Id;
  TaskSystem: new (threads: number) => object;
  b2DestroyWorld(world: B2Id): void;
  b2World_Step(world: B2Id, dt: number, subSteps: number): void;
  b2DefaultBodyDef(): B2BodyDef;
  b2CreateBody(world: B2Id, def: B2BodyDef): B2Id;
  b2DefaultShapeDef(): B2ShapeDef;
  b2MakeBox(hx: number, hy: number): object;
  b2CreatePolygonShape(body: B2Id, def: B2ShapeDef, polygon: object): B2Id;
  b2CreateSegmentShape(body: B2Id, def: B2ShapeDef, segment: object): B2Id;
  b2Segment: new () => { point1: B2Vec2; point2: B2Vec2 };
  b2Vec2: new (x: number, y: number) => B2Vec2;
  b2Body_GetPosition(body: B2Id): B2Vec2;
  b2BodyType: { b2_staticBody: unknown; b2_dynamicBody: unknown };
}

let lib: Box3Module | null = null;
let simd = false;
/**
 * One pool of worker threads per thread count, shared by the worlds of a process (--headless-batch steps 64 worlds
 * one after another: a pool each would start 128 threads on a 2-core machine). Lives as long as the process.
 */
const taskSystems = new Map<number, object>();

async function load(): Promise<Box3Module> {
  if (lib !== null) return lib;
  simd = WebAssembly.validate(
    new Uint8Array([
      0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
    ]),
  );
  const factory = (await import('box2d3-wasm')).default as unknown as () => Promise<Box3Module>;
  lib = await factory();
  return lib;
}

// Embind enums are objects, not numbers: pass them through as they are.
function bodyType(b: Box3Module, name: 'b2_staticBody' | 'b2_dynamicBody'): unknown {
  return b.b2BodyType[name];
}

/** Embind returns the material by value, so set it back after changing it. */
function setFriction(def: B2ShapeDef, friction: number): void {
  const material = def.material;
  material.friction = friction;
  def.material = material;
}

function makeEngine(threads: number, options: EngineOptions): BenchEngine {
  let world: B2Id | null = null;
  let boxes: B2Id[] = [];
  const what = threads > 0 ? `${threads} threads` : '1 thread';

  const engine: BenchEngine & { label: string } = {
    name: threads > 0 ? 'box2d3-wasm-mt' : 'box2d3-wasm',
    label: `box2d3-wasm (Box2D v3, ${what}, 4 substeps)`,
    notes: [],
    ownScenes: Object.keys(box3Scenes),
    async init() {
      await load();
      engine.label = `box2d3-wasm ${simd ? 'deluxe (SIMD)' : 'compat'} build (Box2D v3, ${what}, 4 substeps)`;
    },
    build(def: LayoutDef, layout: SceneLayout) {
      const b = lib!;
      const worldDef = b.b2DefaultWorldDef();
      worldDef.gravity = new b.b2Vec2(layout.gravity.x, layout.gravity.y);
      worldDef.enableSleep = layout.sleep ?? false;
      worldDef.enableContinuous = true;
      if (threads > 0) {
        let tasks = taskSystems.get(threads);
        if (tasks === undefined) taskSystems.set(threads, (tasks = new b.TaskSystem(threads)));
        world = b.b2CreateThreadedWorld(worldDef, tasks);
      } else {
        world = b.b2CreateWorld(worldDef);
      }
      const w = world;
      if (def.perEngine) {
        const own = box3Scenes[def.name];
        if (own === undefined) throw new Error(`box2d3-wasm: no builder for '${def.name}'`);
        boxes = own(b, w, layout.sleep ?? false);
        return;
      }
      const bodyDef = b.b2DefaultBodyDef();
      bodyDef.type = bodyType(b, 'b2_staticBody');
      const shapeDef = b.b2DefaultShapeDef();
      setFriction(shapeDef, layout.staticFriction);
      for (const s of layout.statics) {
        bodyDef.position = new b.b2Vec2(s.x, s.y);
        const body = b.b2CreateBody(w, bodyDef);
        for (const shape of s.shapes) {
          if (shape.kind === 'box') {
            b.b2CreatePolygonShape(body, shapeDef, b.b2MakeBox(shape.hx, shape.hy));
          } else {
            const segment = new b.b2Segment();
            segment.point1 = new b.b2Vec2(shape.x1, shape.y1);
            segment.point2 = new b.b2Vec2(shape.x2, shape.y2);
            b.b2CreateSegmentShape(body, shapeDef, segment);
          }
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      const boxShape = b.b2DefaultShapeDef();
      boxShape.density = density;
      setFriction(boxShape, friction);
      const polygon = b.b2MakeBox(hx, hy);
      bodyDef.type = bodyType(b, 'b2_dynamicBody');
      bodyDef.enableSleep = layout.sleep ?? false;
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        bodyDef.position = new b.b2Vec2(positions[2 * n]!, positions[2 * n + 1]!);
        const body = b.b2CreateBody(w, bodyDef);
        b.b2CreatePolygonShape(body, boxShape, polygon);
        boxes.push(body);
      }
    },
    step() {
      lib!.b2World_Step(world!, options.dt, 4);
    },
    readPositions(out: Float64Array) {
      const b = lib!;
      for (let n = 0; n < boxes.length; n++) {
        const p = b.b2Body_GetPosition(boxes[n]!);
        out[2 * n] = p.x;
        out[2 * n + 1] = p.y;
      }
    },
    dispose() {
      if (world !== null) lib!.b2DestroyWorld(world);
      world = null;
      boxes = [];
    },
  };
  return engine;
}

export function createEngine(options: EngineOptions): BenchEngine {
  return makeEngine(0, options);
}

export function createThreadedEngine(options: EngineOptions): BenchEngine {
  return makeEngine(options.threads ?? 2, options);
}
