/**
 * Typed errors raised at the public API boundary. Validation happens before any state is touched, so a thrown
 * PhysicsError always leaves the world exactly as it was and steppable.
 */
export type PhysicsErrorCode =
  | 'INVALID_ARGUMENT' // a number that is NaN, infinite, negative or zero where it must not be; a bad enum value
  | 'DEGENERATE_POLYGON' // too few points, collinear points, points welded together, more than 8 hull vertices
  | 'NOT_A_BODY' // a handle or entity id that is not (or never was) a body of this world: a shape's or joint's too
  | 'NOT_A_SHAPE' // a handle that is not a live shape of this world (a body's or joint's handle, say)
  | 'NOT_A_JOINT' // a handle or entity id that is not a live joint of this world (a body's or shape's handle, say)
  | 'NOT_A_CHARACTER' // a live body that is not a character (createCharacter makes them)
  | 'STALE_HANDLE' // a handle to a body, shape or joint that was destroyed
  | 'WORLD_LOCKED' // a call that changes the world while a step is running
  | 'CAPACITY' // a hard limit was reached (for example more than 8 polygon vertices)
  | 'INVALID_STATE' // validateWorld found the world's internal data inconsistent (an engine bug)
  | 'BAD_SNAPSHOT' // a snapshot that is truncated, corrupted or from a build with another layout
  | 'UNSUPPORTED' // the runtime lacks what the call needs (worker threads, SharedArrayBuffer, cross-origin isolation)
  | 'WORKERS_ACTIVE' // startWorkers on a world that already has workers
  | 'WORKER_FAILED'; // a step worker thread died or threw: the world went back to one thread

/**
 * The one error type the engine throws at its API. `code` says what was wrong (see {@link PhysicsErrorCode});
 * the message starts with `[CODE]`. A thrown PhysicsError leaves the world unchanged and steppable.
 */
export class PhysicsError extends Error {
  readonly code: PhysicsErrorCode;
  constructor(code: PhysicsErrorCode, message: string) {
    super(`[${code}] ${message}`);
    this.name = 'PhysicsError';
    this.code = code;
  }
}

/** Throws INVALID_ARGUMENT unless `value` is a finite number. `what` names the argument in the message. */
export function checkFinite(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a finite number, got ${String(value)}`);
  }
}

/** Throws INVALID_ARGUMENT unless `value` is a finite number > 0. */
export function checkPositive(value: number, what: string): void {
  checkFinite(value, what);
  if (!(value > 0)) throw new PhysicsError('INVALID_ARGUMENT', `${what} must be > 0, got ${value}`);
}

/** Throws INVALID_ARGUMENT unless `value` is a finite number >= 0. */
export function checkNonNegative(value: number, what: string): void {
  checkFinite(value, what);
  if (!(value >= 0)) throw new PhysicsError('INVALID_ARGUMENT', `${what} must be >= 0, got ${value}`);
}

/** Throws INVALID_ARGUMENT unless `value` is a number >= 0, +∞ included (an event threshold: +∞ is off). */
export function checkThreshold(value: number, what: string): void {
  if (typeof value !== 'number' || !(value >= 0)) {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be a number >= 0 (Infinity: off), got ${String(value)}`);
  }
}

/** Throws INVALID_ARGUMENT unless `v` is an object with finite x and y. */
export function checkVec2(v: { x: number; y: number } | undefined, what: string): void {
  if (v === null || typeof v !== 'object') {
    throw new PhysicsError('INVALID_ARGUMENT', `${what} must be an {x, y} object, got ${String(v)}`);
  }
  checkFinite(v.x, `${what}.x`);
  checkFinite(v.y, `${what}.y`);
}
