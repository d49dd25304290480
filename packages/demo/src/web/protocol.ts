/**
 * Messages between the page (main.ts) and the physics worker (worker.ts).
 *
 * The worker owns the world. After building a scene it sends the static shape geometry once (`scene`); after every
 * tick it sends one `frame` whose `data` Float64Array is copied (a transfer would detach the worker's buffer; see
 * sendFrame in worker.ts) and laid out as:
 *
 *   header (FRAME_HEADER floats): stepIndex, bodyCount, steps this tick ran, time this tick dropped (s: the whole
 *                                 steps beyond the stepper's cap), (unused), picked body index, draw command length
 *   bodies:   BODY_STRIDE floats each  — x, y, c, s, awake (1/0)
 *   draw:     the frame's debugDraw calls (shapes, and joints, contacts, normals, AABBs as DrawFlags ask), recorded
 *             by draw-commands.ts for the page to replay
 */
export const FRAME_HEADER = 7;
export const BODY_STRIDE = 5;
/** Header slots (see above). */
export const FRAME_STEP_INDEX = 0;
export const FRAME_BODY_COUNT = 1;
export const FRAME_TICK_STEPS = 2;
export const FRAME_TICK_DROPPED = 3;
export const FRAME_PICKED = 5;
export const FRAME_DRAW_LENGTH = 6;

export interface DrawFlags {
  contacts: boolean;
  normals: boolean;
  aabbs: boolean;
  joints: boolean;
  /** Size of joint anchors and contact points (screen pixels). */
  pointSize: number;
}

/** A slider of a scene's own, declared beside the scene: its range, default and unit. */
export interface SceneParam {
  readonly key: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** Default value. */
  readonly value: number;
  readonly unit?: string;
  /** Applied to the running scene (its `setParam`) instead of building the scene again. */
  readonly live?: boolean;
}

/** Values of a scene's params by key (missing keys take the default). */
export type ParamValues = Readonly<Record<string, number>>;

/**
 * A key a scene plays with (its `keys`): while the scene runs, the page sends these keys to it (scene-input.ts) instead
 * of using them itself, and lists them in its key help.
 */
export interface SceneKey {
  /** The KeyboardEvent.code values that do it ('ArrowLeft', 'KeyA'). */
  readonly codes: readonly string[];
  /** How the help shows those keys ('← A'). */
  readonly label: string;
  /** What they do ('walk left'). */
  readonly action: string;
}

/**
 * What a scene reports about itself after each tick (TestbedBuilt.status): a few named values the page shows under its
 * status line and hands to the debug hook (the platformer's character position and what it stands on).
 */
export type SceneStatus = Readonly<Record<string, number | string | boolean | null>>;

export interface SceneInfo {
  readonly name: string;
  readonly group: 'showcase' | 'benchmark';
  readonly description: string;
  readonly params: readonly SceneParam[];
  /** The keys the scene takes (none for most). */
  readonly keys: readonly SceneKey[];
}

/** Geometry of every shape, body-local, sent once per scene. */
export interface SceneGeometry {
  /** Body index (into the frame's body block) of each shape. */
  shapeBody: Int32Array;
  /** ShapeType per shape (0 circle, 1 capsule, 2 segment, 3 polygon, 4 chain segment). */
  shapeType: Uint8Array;
  shapeCount: Uint8Array;
  shapeRadius: Float64Array;
  /** 16 floats per shape (x0, y0, … x7, y7). */
  shapeVerts: Float64Array;
  /** Body type per body index (0 static, 1 kinematic, 2 dynamic). */
  bodyType: Uint8Array;
  /** Entity id per body index (for the debug hook). */
  bodyEid: Int32Array;
  /** The body index the camera follows (the car's chassis); −1 when the scene names none. */
  followBody: number;
  /** Visible height (m) the camera starts following the follow body at. */
  followHeight: number;
}

export interface ProfileSample {
  broadphase: number;
  narrowphase: number;
  prepare: number;
  solve: number;
  continuous: number;
  finalize: number;
  total: number;
  bodyCount: number;
  awakeBodyCount: number;
  contactCount: number;
  touchingCount: number;
  /** Wall time the worker spent stepping in this tick (ms, all its steps). */
  stepWall: number;
}

export type ToWorker =
  | { type: 'load'; scene: string; params: ParamValues }
  /**
   * One animation frame. `seconds`: the wall time since the page's last tick, which the worker's fixed stepper turns
   * into whole 1/60 s steps (0 while paused).
   */
  | { type: 'tick'; run: boolean; seconds: number; draw: DrawFlags }
  | { type: 'step'; draw: DrawFlags }
  | { type: 'param'; key: string; value: number }
  | { type: 'grab'; x: number; y: number }
  | { type: 'drag'; x: number; y: number }
  | { type: 'release' }
  /** A key of the scene's `keys` went down or up (KeyboardEvent.code). */
  | { type: 'key'; code: string; down: boolean }
  /** Threads for this and every later scene (startWorkers' totalThreads); 1 steps in the physics worker alone. */
  | { type: 'threads'; count: number };

export type FromWorker =
  | { type: 'scenes'; scenes: SceneInfo[] }
  | { type: 'scene'; name: string; geometry: SceneGeometry; buildMs: number }
  /** `status`: the scene's own report after the tick (TestbedBuilt.status), null for a scene without one. */
  | { type: 'frame'; data: Float64Array; profile: ProfileSample | null; status: SceneStatus | null }
  | { type: 'grabbed'; body: number; eid: number }
  | { type: 'error'; message: string }
  /** The threads the world now steps on, the physics worker included (getThreadCount). */
  | { type: 'threads'; count: number };
