import { scenes as benchmarkScenes, type Scene } from '../scenes/index.js';
import { showcaseScenes, type TestbedScene } from './showcase/index.js';
import type { SceneInfo } from './protocol.js';

export interface Entry {
  readonly info: SceneInfo;
  readonly scene: Scene & Partial<TestbedScene>;
}

function collect(): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const s of showcaseScenes)
    out.set(s.name, { info: { name: s.name, group: 'showcase', description: s.description }, scene: s });
  // Every benchmark scene of src/scenes, after the showcase ones.
  for (const s of Object.values(benchmarkScenes) as Scene[]) {
    if (out.has(s.name)) continue;
    out.set(s.name, {
      info: { name: s.name, group: 'benchmark', description: `Box2D benchmark scene (${s.steps} steps)` },
      scene: s,
    });
  }
  return out;
}

export const sceneEntries = collect();
