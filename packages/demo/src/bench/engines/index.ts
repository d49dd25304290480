import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { EngineFactory } from '../engine.js';
import { distFile } from '../paths.js';

/** The engine CLI names, ours first; `--vs all` means every name after it. */
export const ENGINE_NAMES = [
  'impulse2d',
  'box2d3-wasm',
  'box2d3-wasm-mt',
  'impulse2d-mt',
  'planck',
  'rapier-simd',
  'rapier',
  'box2d-core',
  'box2d-wasm',
  'matter',
  'p2',
] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
export const PEER_NAMES: readonly EngineName[] = ENGINE_NAMES.slice(1);

/** npm package behind each engine (its pinned version is read from the demo's package.json for the report). */
export const ENGINE_PACKAGES: Readonly<Record<EngineName, string>> = {
  impulse2d: '@impulse2d/core',
  'box2d3-wasm': 'box2d3-wasm',
  'box2d3-wasm-mt': 'box2d3-wasm',
  'impulse2d-mt': '@impulse2d/core',
  planck: 'planck',
  'rapier-simd': '@dimforge/rapier2d-simd-compat',
  rapier: '@dimforge/rapier2d-compat',
  'box2d-core': '@box2d/core',
  'box2d-wasm': 'box2d-wasm',
  matter: 'matter-js',
  p2: 'p2-es',
};

export function isEngineName(name: string): name is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(name);
}

/** Our engine's separately built bundle, and the file where the build records why it failed. */
export const IMPULSE2D_BUNDLE = 'engine-impulse2d.js';
export const IMPULSE2D_BUILD_ERROR = 'engine-impulse2d.error.txt';

/** Why our engine's bundle is missing, or null when it is there. */
export function impulse2dUnavailable(): string | null {
  if (existsSync(distFile(IMPULSE2D_BUNDLE))) return null;
  const errorFile = distFile(IMPULSE2D_BUILD_ERROR);
  const reason = existsSync(errorFile) ? readFileSync(errorFile, 'utf8').trim() : 'bundle not built';
  return `impulse2d not built: ${reason}`;
}

interface EngineModule {
  createEngine: EngineFactory;
  createThreadedEngine: EngineFactory;
}

export async function loadEngine(name: EngineName): Promise<EngineFactory> {
  switch (name) {
    case 'impulse2d':
    case 'impulse2d-mt': {
      const missing = impulse2dUnavailable();
      if (missing !== null) throw new Error(missing);
      // A runtime path, so the runner bundle does not depend on our engine's sources building.
      const mod = (await import(pathToFileURL(distFile(IMPULSE2D_BUNDLE)).href)) as EngineModule;
      return name === 'impulse2d' ? mod.createEngine : mod.createThreadedEngine;
    }
    case 'box2d3-wasm':
      return (await import('./box2d3.js')).createEngine;
    case 'box2d3-wasm-mt':
      return (await import('./box2d3.js')).createThreadedEngine;
    case 'planck':
      return (await import('./planck.js')).createEngine;
    case 'rapier-simd':
      return (await import('./rapier.js')).createSimdEngine;
    case 'rapier':
      return (await import('./rapier.js')).createScalarEngine;
    case 'box2d-core':
      return (await import('./box2d-core.js')).createEngine;
    case 'box2d-wasm':
      return (await import('./box2d-wasm.js')).createEngine;
    case 'matter':
      return (await import('./matter.js')).createEngine;
    case 'p2':
      return (await import('./p2.js')).createEngine;
  }
}
