import type { BatchTask } from './types.js';

/*
 * What a batch is asked to do, and what goes wrong: the options, their checks, the error of a failed entry and the
 * task each entry becomes. A leaf: the thread-pool path (run-batch.ts), the Redis path (redis.ts) and the command
 * line import it, and it imports neither of them.
 */

/** A batch: one world per params entry, built by a scene module, stepped, measured. */
export interface BatchOptions<P = unknown> {
  /** Path or file: URL of a module exporting build(params), measure(world, params) and optionally beforeStep. */
  readonly scene: string | URL;
  /** One world per entry; results come back in this order. */
  readonly params: readonly P[];
  /** Steps per world, an integer ≥ 0. */
  readonly steps: number;
  /** Step length in seconds (default 1/60). */
  readonly dt?: number;
  /** Substeps per step (default: the world's own, 4). */
  readonly subSteps?: number;
  /** Worker threads (default: every core, os.availableParallelism()); 0 runs one after another in this thread. */
  readonly workers?: number;
  /** Called after each entry with the number done and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Aborts the batch: it rejects with an AbortError and stops the entries still running. */
  readonly signal?: AbortSignal;
}

/** Raised when one params entry fails; names its index and value. */
export class BatchTaskError extends Error {
  constructor(
    /** The entry's index in params. */
    readonly index: number,
    /** The entry itself. */
    readonly params: unknown,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`batch entry ${index} (params ${describeParams(params)}) failed: ${reason}`, options);
    this.name = 'BatchTaskError';
  }
}

/** A params entry for a message: its JSON, cut at 200 characters. */
export function describeParams(params: unknown): string {
  try {
    const s = JSON.stringify(params);
    return s === undefined ? String(params) : s.length > 200 ? `${s.slice(0, 200)}…` : s;
  } catch {
    return String(params);
  }
}

/** The error an aborted batch rejects with: the signal's reason if it is an AbortError, else a new one. */
export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('the batch was aborted', 'AbortError');
}

/** Throws a TypeError or RangeError for options a batch cannot run. */
export function validateOptions(options: BatchOptions): void {
  if (!Array.isArray(options.params)) throw new TypeError('params must be an array');
  if (!Number.isInteger(options.steps) || options.steps < 0) throw new RangeError('steps must be an integer ≥ 0');
  if (options.dt !== undefined && !(options.dt > 0 && Number.isFinite(options.dt)))
    throw new RangeError('dt must be a finite number > 0');
  if (options.workers !== undefined && (!Number.isInteger(options.workers) || options.workers < 0))
    throw new RangeError('workers must be an integer ≥ 0');
}

/** The task of entry `index`: what a worker thread (or process) needs to run it. */
export function taskOf(options: BatchOptions, index: number): BatchTask {
  return {
    index,
    params: options.params[index],
    steps: options.steps,
    dt: options.dt ?? 1 / 60,
    subSteps: options.subSteps,
  };
}
