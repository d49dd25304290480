import {
  addShape,
  createBody,
  makeBox,
  makePolygon,
  type BodyId,
  type PhysicsWorld,
  type Vec2Like,
} from '@impulse2d/core';

type Point = Vec2Like;

/**
 * The platformer's course, left to right (metres; the floor's top is y = 0, x = 0 is where the player starts):
 *
 *   wall | crates |start| 20° ramp, 40° ramp | cliff | stairs, landing | pit with the moving platform |
 *   ledge with the one-way platform over it | 60° slope | wall
 *
 * Each feature is its own body, so that what the character stands on (getCharacterState's groundBody) names it.
 * The numbers are exported for the tests, which walk the course.
 */

const DEG = Math.PI / 180;

/** The floor's ends: walls stand beyond them. */
export const FLOOR_LEFT = -13;
export const FLOOR_RIGHT = 53;
/** The two ramps: 20° from RAMP_X up to a shelf at RAMP_SHELF, then 40° up to CLIFF_TOP, which drops at CLIFF_X. */
export const RAMP_X = 3;
export const RAMP_SHELF = 1.5;
export const RAMP_SHELF_END = 9;
export const CLIFF_TOP = 3;
export const CLIFF_X = 13;
/** Stairs: STEP_COUNT steps of STEP_RISE up and STEP_TREAD deep from STAIRS_X, then a landing to PIT_LEFT. */
export const STAIRS_X = 19;
export const STEP_RISE = 0.25;
export const STEP_TREAD = 0.5;
export const STEP_COUNT = 6;
/** Height of the landing and of the ledge beyond the pit (STEP_COUNT × STEP_RISE). */
export const LEDGE_Y = STEP_COUNT * STEP_RISE;
/** The pit the moving platform crosses, and its floor (deep enough that the platform passes over a character in it). */
export const PIT_LEFT = 25;
export const PIT_RIGHT = 33;
export const PIT_FLOOR = -1;
/** The moving platform: its half size; its top is flush with the landing and the ledge. */
export const PLATFORM_HALF_WIDTH = 1.25;
export const PLATFORM_HALF_HEIGHT = 0.15;
/** Its centre's travel, from the landing's edge to the ledge's, a gap of GAP on each side. */
const GAP = 0.15;
export const PLATFORM_LEFT = PIT_LEFT + GAP + PLATFORM_HALF_WIDTH;
export const PLATFORM_RIGHT = PIT_RIGHT - GAP - PLATFORM_HALF_WIDTH;
export const PLATFORM_Y = LEDGE_Y - PLATFORM_HALF_HEIGHT;
/** The one-way platform over the ledge: centre x, half width, top (high enough for the player to walk under it). */
export const ONE_WAY_X = 38;
export const ONE_WAY_HALF_WIDTH = 2;
export const ONE_WAY_TOP = LEDGE_Y + 2.1;
/** The 60° slope rising from the ledge at SLOPE_60_X to SLOPE_60_TOP. */
export const SLOPE_60_X = 47;
export const SLOPE_60_TOP = 6;
/** Crates: half size, and where each starts (centres; the third sits on the first two). */
export const CRATE_HALF = 0.4;
export const CRATE_POSITIONS: readonly Point[] = [
  { x: -4, y: CRATE_HALF },
  { x: -4.85, y: CRATE_HALF },
  { x: -4.425, y: 3 * CRATE_HALF },
  { x: -7.5, y: CRATE_HALF },
];

/** The course's bodies: the ones the game moves or tests look at, and a name for every one. */
export interface Course {
  readonly platform: BodyId;
  readonly oneWay: BodyId;
  readonly stairs: BodyId;
  readonly slope20: BodyId;
  readonly slope40: BodyId;
  readonly slope60: BodyId;
  readonly ledge: BodyId;
  readonly crates: readonly BodyId[];
  /** What each body is called in the scene's status ('stairs', 'moving platform', 'crate', …). */
  readonly names: ReadonlyMap<BodyId, string>;
}

/** Builds the course into `world`. */
export function buildCourse(world: PhysicsWorld): Course {
  const names = new Map<BodyId, string>();
  const fixed = (name: string, shapes: readonly Point[][], def: { oneWay?: boolean } = {}): BodyId => {
    const body = createBody(world, { type: 'static' });
    for (const points of shapes) {
      addShape(world, body, makePolygon(points), { friction: 0.6, oneWayNormal: def.oneWay ? { x: 0, y: 1 } : null });
    }
    names.set(body, name);
    return body;
  };
  const box = (x0: number, y0: number, x1: number, y1: number): Point[] => [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];

  fixed('ground', [
    box(FLOOR_LEFT - 1, -1, PIT_LEFT, 0),
    box(PIT_LEFT, PIT_FLOOR - 1, PIT_RIGHT, PIT_FLOOR),
    box(FLOOR_LEFT - 1, 0, FLOOR_LEFT, 10), // the left wall
    box(FLOOR_RIGHT, LEDGE_Y, FLOOR_RIGHT + 1, 14), // the right wall
  ]);
  const ramp20End = RAMP_X + RAMP_SHELF / Math.tan(20 * DEG);
  const slope20 = fixed('slope 20°', [
    [
      { x: RAMP_X, y: 0 },
      { x: RAMP_SHELF_END, y: 0 },
      { x: RAMP_SHELF_END, y: RAMP_SHELF },
      { x: ramp20End, y: RAMP_SHELF },
    ],
  ]);
  const ramp40End = RAMP_SHELF_END + (CLIFF_TOP - RAMP_SHELF) / Math.tan(40 * DEG);
  const slope40 = fixed('slope 40°', [
    [
      { x: RAMP_SHELF_END, y: 0 },
      { x: CLIFF_X, y: 0 },
      { x: CLIFF_X, y: CLIFF_TOP },
      { x: ramp40End, y: CLIFF_TOP },
      { x: RAMP_SHELF_END, y: RAMP_SHELF },
    ],
  ]);
  // Each step a block from its riser to the landing's end, as stairs are built on solid ground.
  const steps: Point[][] = [];
  for (let i = 0; i < STEP_COUNT; i++) steps.push(box(STAIRS_X + i * STEP_TREAD, 0, PIT_LEFT, (i + 1) * STEP_RISE));
  const stairs = fixed('stairs', steps);
  const ledge = fixed('ledge', [box(PIT_RIGHT, PIT_FLOOR - 1, FLOOR_RIGHT, LEDGE_Y)]);
  const oneWay = fixed(
    'one-way platform',
    [box(ONE_WAY_X - ONE_WAY_HALF_WIDTH, ONE_WAY_TOP - 0.2, ONE_WAY_X + ONE_WAY_HALF_WIDTH, ONE_WAY_TOP)],
    { oneWay: true },
  );
  const slope60 = fixed('slope 60°', [
    [
      { x: SLOPE_60_X, y: LEDGE_Y },
      { x: FLOOR_RIGHT, y: LEDGE_Y },
      { x: FLOOR_RIGHT, y: SLOPE_60_TOP },
      { x: SLOPE_60_X + (SLOPE_60_TOP - LEDGE_Y) / Math.tan(60 * DEG), y: SLOPE_60_TOP },
    ],
  ]);

  const platform = createBody(world, { type: 'kinematic', position: { x: PLATFORM_LEFT, y: PLATFORM_Y } });
  addShape(world, platform, makeBox(PLATFORM_HALF_WIDTH, PLATFORM_HALF_HEIGHT), { friction: 0.6 });
  names.set(platform, 'moving platform');

  const crates: BodyId[] = [];
  for (const position of CRATE_POSITIONS) {
    const crate = createBody(world, { type: 'dynamic', position });
    addShape(world, crate, makeBox(CRATE_HALF, CRATE_HALF), { density: 25, friction: 0.6 });
    names.set(crate, 'crate');
    crates.push(crate);
  }
  return { platform, oneWay, stairs, slope20, slope40, slope60, ledge, crates, names };
}
