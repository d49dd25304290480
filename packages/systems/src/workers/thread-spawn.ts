import { PhysicsError } from '@impulse2d/core/internal';

/** One step worker thread, whichever runtime made it. */
export interface StepThread {
  post(message: unknown): void;
  /** Stops the thread on purpose. */
  terminate(): Promise<void>;
  /** Stops the thread as a crash would: the world hears of it as of a thread that died. */
  crash(): Promise<void>;
}

/** Called with a worker's messages, and with a message of type 'died' when it stops on its own. */
export type ThreadListener = (message: { type: string; message?: string }) => void;

/** The part of node:worker_threads used here (the package builds without Node's types). */
interface NodeWorker {
  postMessage(message: unknown): void;
  terminate(): Promise<number>;
  unref(): void;
  on(event: 'message', listener: (message: { type: string; message?: string }) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
}
interface NodeWorkerThreads {
  Worker: new (source: string, options: { eval: boolean; name: string }) => NodeWorker;
}

const isNode =
  typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';

/**
 * Throws UNSUPPORTED unless this runtime can share memory with worker threads: Node, or a browser page that is
 * cross-origin isolated (served with COOP and COEP headers; without them browsers hide SharedArrayBuffer).
 */
export function checkThreadSupport(): void {
  if (typeof SharedArrayBuffer === 'undefined' || typeof Atomics === 'undefined') {
    throw new PhysicsError(
      'UNSUPPORTED',
      isNode
        ? 'this runtime has no SharedArrayBuffer, which step workers need'
        : 'SharedArrayBuffer is unavailable: serve the page cross-origin isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp) to use step workers',
    );
  }
  if (!isNode) {
    if (typeof Worker === 'undefined') throw new PhysicsError('UNSUPPORTED', 'this runtime has no Web Workers');
    if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== true) {
      throw new PhysicsError(
        'UNSUPPORTED',
        'the page is not cross-origin isolated (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp), so its workers cannot share memory',
      );
    }
  }
}

/**
 * The threads this machine runs at once, at least 1: `os.availableParallelism()` in Node (the cores this process may
 * use), `navigator.hardwareConcurrency` in browsers (1 where it is missing).
 */
export async function availableThreads(): Promise<number> {
  if (isNode) {
    // A module name in a variable: browser bundlers then leave this import alone.
    const name = 'node:os';
    const os = (await import(/* @vite-ignore */ name)) as { availableParallelism(): number };
    return Math.max(1, os.availableParallelism());
  }
  const cores = (globalThis as { navigator?: { hardwareConcurrency?: unknown } }).navigator?.hardwareConcurrency;
  return typeof cores === 'number' && Number.isInteger(cores) && cores >= 1 ? cores : 1;
}

/** The step worker's code, once loaded (see stepWorkerSource). */
let workerSource: Promise<string> | null = null;

/**
 * The step worker's code: worker-entry.ts and all it imports bundled into one script, the text of a module the build
 * generates (scripts/build-worker.mjs writes worker-source.js beside this file and into dist/). Imported on the first
 * spawn, not with this module: a program that never starts workers never loads it (some 130 KB, the engine a second
 * time), and a bundler splits it off or leaves it out.
 */
function stepWorkerSource(): Promise<string> {
  if (workerSource === null) {
    workerSource = import('./worker-source.js').then(
      (module) => module.STEP_WORKER_SOURCE,
      (error: unknown) => {
        workerSource = null;
        throw new PhysicsError(
          'WORKER_FAILED',
          `the step worker's code (workers/worker-source.js, written by the build of @impulse2d/systems) did not load: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  }
  return workerSource;
}

/** Starts one step worker: a Node worker thread, or a Web Worker in a browser, running the step worker's code. */
export async function spawnThread(listener: ThreadListener): Promise<StepThread> {
  const source = await stepWorkerSource();
  if (isNode) {
    // A module name in a variable: browser bundlers then leave this import alone.
    const name = 'node:worker_threads';
    const { Worker: NodeWorkerClass } = (await import(/* @vite-ignore */ name)) as NodeWorkerThreads;
    const worker = new NodeWorkerClass(source, { eval: true, name: 'impulse2d-step' });
    let stopping = false;
    worker.on('message', (message) => {
      // A world whose workers were never stopped must not keep the process alive: unref'd once the worker is up
      // (before, the process would exit while startWorkers awaits it), and after the listeners are attached (adding
      // a 'message' listener refs the worker again: a process with piped output printed its result, then hung).
      if (message.type === 'ready') worker.unref();
      listener(message);
    });
    worker.on('error', (error) => listener({ type: 'died', message: error.message }));
    worker.on('exit', (code) => {
      if (!stopping) listener({ type: 'died', message: `exited with code ${code}` });
    });
    return {
      post: (message) => worker.postMessage(message),
      terminate: async () => {
        stopping = true;
        await worker.terminate();
      },
      crash: async () => {
        await worker.terminate();
      },
    };
  }
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(url, { name: 'impulse2d-step' });
  worker.onmessage = (event: MessageEvent<{ type: string; message?: string }>) => listener(event.data);
  worker.onerror = (event) => listener({ type: 'died', message: event.message });
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => {
      worker.terminate();
      URL.revokeObjectURL(url);
      return Promise.resolve();
    },
    crash: () => {
      worker.terminate();
      listener({ type: 'died', message: 'terminated' });
      return Promise.resolve();
    },
  };
}
