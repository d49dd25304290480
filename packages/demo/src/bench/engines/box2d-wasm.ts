/**
 * box2d-wasm (Box2D 2.4 compiled to WASM with Emscripten): 8 velocity / 3 position iterations, sleeping off.
 * Under Node 20 its loader would `fetch()` the .wasm by file path and fail, so we read the binary (SIMD build when the
 * runtime validates SIMD, as its own entry does) and hand it over as `wasmBinary`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BenchEngine, EngineOptions } from '../engine.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';

// The package's own typings need @types/emscripten; this is the small part of the bound API that we call.
interface B2Vec2 {
  get_x(): number;
  get_y(): number;
}
interface B2Shape {
  readonly __shape: unknown;
}
interface B2Fixture {
  SetFriction(f: number): void;
}
interface B2Body {
  CreateFixture(shape: B2Shape, density: number): B2Fixture;
  GetPosition(): B2Vec2;
}
interface B2BodyDef {
  set_type(t: number): void;
  set_position(p: B2Vec2): void;
}
interface B2World {
  SetAllowSleeping(flag: boolean): void;
  CreateBody(def: B2BodyDef): B2Body;
  Step(dt: number, velocityIterations: number, positionIterations: number): void;
}
interface Box2DModule {
  b2World: new (gravity: B2Vec2) => B2World;
  b2Vec2: new (x: number, y: number) => B2Vec2;
  b2BodyDef: new () => B2BodyDef;
  b2PolygonShape: new () => B2Shape & { SetAsBox(hx: number, hy: number): void };
  b2EdgeShape: new () => B2Shape & { SetTwoSided(v1: B2Vec2, v2: B2Vec2): void };
  b2_staticBody: number;
  b2_dynamicBody: number;
  destroy(object: object): void;
}
type Box2DFactory = (options: { wasmBinary: Uint8Array }) => Promise<Box2DModule>;

const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
let lib: Box2DModule | null = null;
let simd = false;

async function load(): Promise<Box2DModule> {
  if (lib !== null) return lib;
  const require = createRequire(import.meta.url);
  const entry = require.resolve('box2d-wasm'); // dist/umd/entry.js, beside the two .wasm builds
  simd = WebAssembly.validate(SIMD_PROBE);
  const factory = require('box2d-wasm') as Box2DFactory;
  const wasmBinary = readFileSync(join(dirname(entry), simd ? 'Box2D.simd.wasm' : 'Box2D.wasm'));
  lib = await factory({ wasmBinary });
  return lib;
}

export function createEngine(options: EngineOptions): BenchEngine {
  let world: B2World | null = null;
  let boxes: B2Body[] = [];

  const engine: BenchEngine & { label: string } = {
    name: 'box2d-wasm',
    label: 'box2d-wasm (8 vel / 3 pos iterations)',
    notes: [],
    async init() {
      await load();
      engine.label = `box2d-wasm ${simd ? 'SIMD' : 'scalar'} build (8 vel / 3 pos iterations)`;
    },
    build(_def: LayoutDef, layout: SceneLayout) {
      const b = lib!;
      const temps: object[] = [];
      const vec = (x: number, y: number): B2Vec2 => {
        const v = new b.b2Vec2(x, y);
        temps.push(v);
        return v;
      };
      const w = new b.b2World(vec(layout.gravity.x, layout.gravity.y));
      w.SetAllowSleeping(false);
      const bodyDef = new b.b2BodyDef();
      temps.push(bodyDef);
      bodyDef.set_type(b.b2_staticBody);
      for (const s of layout.statics) {
        bodyDef.set_position(vec(s.x, s.y));
        const body = w.CreateBody(bodyDef);
        for (const shape of s.shapes) {
          let geometry: B2Shape;
          if (shape.kind === 'box') {
            const poly = new b.b2PolygonShape();
            poly.SetAsBox(shape.hx, shape.hy);
            geometry = poly;
          } else {
            const edge = new b.b2EdgeShape();
            edge.SetTwoSided(vec(shape.x1, shape.y1), vec(shape.x2, shape.y2));
            geometry = edge;
          }
          temps.push(geometry);
          body.CreateFixture(geometry, 0).SetFriction(layout.staticFriction); // Box2D copies the shape
        }
      }
      const { hx, hy, density, friction, positions } = layout.boxes;
      const box = new b.b2PolygonShape();
      box.SetAsBox(hx, hy);
      temps.push(box);
      bodyDef.set_type(b.b2_dynamicBody);
      boxes = [];
      for (let n = 0; n < positions.length >> 1; n++) {
        const p = new b.b2Vec2(positions[2 * n], positions[2 * n + 1]);
        bodyDef.set_position(p);
        b.destroy(p);
        const body = w.CreateBody(bodyDef);
        body.CreateFixture(box, density).SetFriction(friction);
        boxes.push(body);
      }
      for (const t of temps) b.destroy(t);
      world = w;
    },
    step() {
      world!.Step(options.dt, 8, 3);
    },
    readPositions(out: Float64Array) {
      for (let n = 0; n < boxes.length; n++) {
        const q = boxes[n].GetPosition(); // a view into wasm memory, nothing to free
        out[2 * n] = q.get_x();
        out[2 * n + 1] = q.get_y();
      }
    },
    dispose() {
      if (world !== null) lib!.destroy(world);
      world = null;
      boxes = [];
    },
  };
  return engine;
}
