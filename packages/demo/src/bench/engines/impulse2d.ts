/**
 * Our engine behind the benchmark interface. Built as its own bundle (dist/engine-impulse2d.js) so that the runner
 * still builds, and the peers still run, while `@impulse2d/core` and `@impulse2d/systems` are being written.
 */
import {
  createPhysicsWorld,
  getPosition,
  getProfile,
  setWorldSettings,
  type PhysicsWorld,
  getBodyId,
} from '@impulse2d/core';
import { startWorkers, stepPhysics, stopWorkers } from '@impulse2d/systems';
import { getWorkerChunkCounts } from '@impulse2d/systems/internal';
import { scenes } from '../../scenes/index.js';
import type { LayoutDef, SceneLayout } from '../../scenes/layouts/index.js';
import type { BenchEngine, Counters, EngineOptions, StageTimes } from '../engine.js';

export function createEngine(options: EngineOptions): BenchEngine {
  return createOurEngine(options, 1);
}

/** impulse2d-mt: the same world stepped on `options.threads` threads (startWorkers), this one included; default 2. */
export function createThreadedEngine(options: EngineOptions): BenchEngine {
  const n = options.threads ?? 2;
  return createOurEngine(options, Number.isInteger(n) && n >= 1 ? n : 2);
}

function createOurEngine(options: EngineOptions, threads: number): BenchEngine {
  const threaded = threads > 1;
  let world: PhysicsWorld | null = null;
  let boxes: Int32Array = new Int32Array(0);
  let beforeStep: (() => void) | null = null;

  const live = (): PhysicsWorld => {
    if (world === null) throw new Error('impulse2d: build() was not called');
    return world;
  };

  return {
    name: threaded ? 'impulse2d-mt' : 'impulse2d',
    label: `impulse2d (${options.solver}, ${options.substeps} substeps${threaded ? `, ${threads} threads` : ''})`,
    notes: [],
    ownScenes: Object.keys(scenes),
    async init() {},
    build(def: LayoutDef, layout: SceneLayout) {
      const scene = scenes[def.name];
      if (scene === undefined) throw new Error(`impulse2d: no scene module for '${def.name}'`);
      world = createPhysicsWorld({
        gravity: layout.gravity,
        solver: options.solver,
        enableSleep: layout.sleep ?? false,
        // Stage times for the report; the heap probe measures with it off again (beforeHeapProbe).
        enableProfiling: true,
      });
      const built = scene.build(world);
      boxes = built.boxes;
      beforeStep = built.beforeStep ?? null;
    },
    async start() {
      if (threaded) await startWorkers(live(), threads);
    },
    step() {
      if (beforeStep !== null) beforeStep();
      stepPhysics(live(), options.dt, options.substeps);
    },
    readPositions(out: Float64Array) {
      const w = live();
      for (let n = 0; n < boxes.length; n++) {
        const p = getPosition(w, getBodyId(w, boxes[n]));
        out[2 * n] = p.x;
        out[2 * n + 1] = p.y;
      }
    },
    stageTimes(): StageTimes {
      const p = getProfile(live());
      return {
        characters: p.characters,
        broadphase: p.broadphase,
        narrowphase: p.narrowphase,
        prepare: p.prepare,
        solve: p.solve,
        finalize: p.finalize,
        total: p.total,
      };
    },
    counters(): Counters {
      const p = getProfile(live());
      const counts = { bodyCount: p.bodyCount, contactCount: p.contactCount, touchingCount: p.touchingCount };
      if (!threaded) return counts;
      const w = getWorkerChunkCounts(live());
      return { ...counts, stepsOnOneThread: w.stepsOnOneThread, probes: w.probes };
    },
    beforeHeapProbe() {
      // The user's default: no clock reads, so the probe sees what a step itself allocates.
      setWorldSettings(live(), { enableProfiling: false });
    },
    dispose() {
      if (world !== null && threaded) void stopWorkers(world);
      world = null;
    },
  };
}
