import { build } from 'esbuild';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A scene module bundled with the engine and the task runner into one ESM file that any worker can import. */
export interface SceneBundle {
  readonly file: string;
  dispose(): void;
}

/** A scene given as a path (relative to the working directory) or a file: URL, as an absolute path. */
export function scenePath(scene: string | URL): string {
  if (scene instanceof URL) return fileURLToPath(scene);
  if (scene.startsWith('file:')) return fileURLToPath(scene);
  return resolve(scene);
}

/**
 * Worker threads cannot import TypeScript under plain Node 20, and a scene may import the engine's sources
 * (workspace) or its built dist (installed package). Bundling the scene, the engine and the runner with esbuild
 * at run time (about a tenth of a second) makes both work, and gives every worker the very same code.
 */
export async function bundleScene(scene: string | URL): Promise<SceneBundle> {
  const file = scenePath(scene);
  if (!existsSync(file)) throw new Error(`scene module not found: ${file}`);
  const here = dirname(fileURLToPath(import.meta.url));
  const tsRunner = join(here, 'run-task.ts');
  // Running from dist/ inside the workspace (the CLI), the sources sit beside it: read the engine from its sources
  // too, so that a CLI run never mixes a stale build with fresh sources.
  const fromSource = existsSync(tsRunner) || existsSync(join(here, '..', 'src', 'run-task.ts'));
  const runner = existsSync(tsRunner) ? tsRunner : join(here, 'run-task.js');
  const dir = mkdtempSync(join(tmpdir(), 'impulse2d-batch-'));
  const out = join(dir, 'task.mjs');
  try {
    await build({
      stdin: {
        contents: [
          `import * as scene from ${JSON.stringify(file)};`,
          `import { createTaskRunner } from ${JSON.stringify(runner)};`,
          `export default createTaskRunner(scene);`,
        ].join('\n'),
        resolveDir: dirname(file),
        sourcefile: 'impulse2d-batch-entry.js',
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: out,
      // In the workspace the engine packages are read from their TypeScript sources.
      conditions: fromSource ? ['source'] : [],
      logLevel: 'silent',
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return { file: out, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
