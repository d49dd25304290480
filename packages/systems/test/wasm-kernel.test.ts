// The WebAssembly contact kernel must be a faster copy of the TypeScript contact solver, never a different one:
// same bits in every mode, through memory growth and kernel switches; and the committed bytes must be what the
// AssemblyScript source compiles to.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { addShape, createBody, createPhysicsWorld, makeBox, PhysicsError, setWorldSettings } from '@impulse2d/core';
import { stepPhysics } from '@impulse2d/systems';
import { loadBundled } from './helpers/bundle.js';
import type * as KernelScenes from './helpers/kernel-scenes.js';

const scenes = (): Promise<typeof KernelScenes> => loadBundled<typeof KernelScenes>('kernel-scenes.ts');

function firstDifference(a: number[], b: number[]): string {
  if (a.length !== b.length) return `lengths ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) return `body #${i >> 2} field ${'xycs'[i & 3]}: ${a[i]} vs ${b[i]}`;
  }
  return 'none';
}

describe('the WebAssembly contact kernel', () => {
  for (const solver of ['soft', 'classic'] as const) {
    it(`gives the same bits as the TypeScript path (${solver} solver, 150 steps, arrays grown twice mid-run)`, async () => {
      const s = await scenes();
      const wasm = s.kernelSceneRun('wasm', solver, 150);
      const js = s.kernelSceneRun('js', solver, 150);
      expect(wasm.bodies).toBeGreaterThan(250);
      expect(firstDifference(wasm.snapshot, js.snapshot)).toBe('none');
      expect(wasm.hash).toBe(js.hash);
    });
  }

  it('switching kernels between steps changes nothing (wasm → js at step 60, js → wasm at step 60)', async () => {
    const s = await scenes();
    const plain = s.kernelSceneRun('js', 'soft', 120);
    expect(s.kernelSceneRun('wasm', 'soft', 120, 60).hash).toBe(plain.hash);
    expect(s.kernelSceneRun('js', 'soft', 120, 60).hash).toBe(plain.hash);
  });

  it('is a world setting, validated at the boundary', () => {
    const w = createPhysicsWorld();
    expect(w.physics.solverKernel).toBe('wasm');
    stepPhysics(w, 1 / 60);
    // Node has WebAssembly: the solver arrays moved into the kernel's memory.
    expect(w.physics.solverData.kernel).not.toBeNull();
    setWorldSettings(w, { solverKernel: 'js' });
    stepPhysics(w, 1 / 60);
    expect(w.physics.solverData.kernel).toBeNull();
    expect(() => setWorldSettings(w, { solverKernel: 'simd' as never })).toThrow(PhysicsError);
    expect(() => createPhysicsWorld({ solverKernel: 'gpu' as never })).toThrow(PhysicsError);
    expect(w.physics.solverKernel).toBe('js');
  });

  it('regression: growing the solver arrays never detaches an ArrayBuffer (after one detach, V8 checked every typed-array access and the JS stages ran 15–25% slower)', () => {
    const w = createPhysicsWorld({ gravity: { x: 0, y: -10 } });
    const ground = createBody(w, { type: 'static' });
    addShape(w, ground, makeBox(50, 1, { x: 0, y: -1 }));
    stepPhysics(w, 1 / 60);
    const sd = w.physics.solverData;
    const buffers: ArrayBufferLike[] = [sd.kernel!.memory.buffer];
    // 40 × 40 boxes: the states and the contact records outgrow the first memory several times.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 400; i++) {
        const body = createBody(w, {
          type: 'dynamic',
          position: { x: (i % 40) - 20, y: 1 + round * 10 + ((i / 40) | 0) },
        });
        addShape(w, body, makeBox(0.5, 0.5));
      }
      for (let k = 0; k < 30; k++) stepPhysics(w, 1 / 60);
      if (sd.kernel!.memory.buffer !== buffers[buffers.length - 1]) buffers.push(sd.kernel!.memory.buffer);
    }
    expect(buffers.length).toBeGreaterThan(2);
    // A detached buffer reports byteLength 0; every memory the kernel ever used still has its pages.
    for (const buffer of buffers) expect(buffer.byteLength).toBeGreaterThan(0);
    expect(sd.states.buffer.byteLength).toBeGreaterThan(0);
  });

  it('committed bytes are what wasm/contact-solver.ts compiles to', () => {
    const script = join(dirname(fileURLToPath(import.meta.url)), '../scripts/build-wasm.mjs');
    const out = execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(out).toContain('up to date');
  });
});
