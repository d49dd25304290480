// Builders and measurements shared by the character tests: terrain (slopes, stairs, walls), a walking script that
// integrates its own gravity as a game would, and the exact gap between a character and the world.
import {
  addShape,
  createBody,
  getCharacterStateInto,
  getPhysics,
  makeBox,
  moveCharacter,
  type CharacterState,
  type PhysicsWorld,
  type CharacterId,
  type BodyId,
} from '@impulse2d/core/internal';
import {
  CORE_RADIUS,
  coreDistance,
  createCore,
  D_DISTANCE,
  DISTANCE_OUTPUT_SIZE,
  inFrontOfChainSegment,
  loadCore,
  loadMoverCore,
  ShapeType,
} from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';

export const DT = 1 / 60;
export const GRAVITY = 10;
export const DEG = Math.PI / 180;

/**
 * A static ramp rising to the right at `angle` from (x0, y0): a box 40 m along the slope, 1 m thick, whose top face
 * runs through (x0, y0). Returns the body.
 */
export function addRamp(w: PhysicsWorld, x0: number, y0: number, angle: number): BodyId {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  // Box centre: 20 m along the slope, 0.5 m below its top face.
  const cx = x0 + 20 * c + 0.5 * s;
  const cy = y0 + 20 * s - 0.5 * c;
  const b = createBody(w, { type: 'static', position: { x: cx, y: cy }, angle });
  addShape(w, b, makeBox(20, 0.5));
  return b;
}

/**
 * A stair of `count` steps rising to the right from x0 on ground at y = 0: step i (0-based) is a box from
 * x0 + i·tread on, `rise`·(i + 1) high, reaching x0 + count·tread + 10. Returns the bodies, lowest first.
 */
export function addStairs(w: PhysicsWorld, x0: number, rise: number, tread: number, count: number): BodyId[] {
  const out: BodyId[] = [];
  const end = x0 + count * tread + 10;
  for (let i = 0; i < count; i++) {
    const left = x0 + i * tread;
    const h = rise * (i + 1);
    const b = createBody(w, { type: 'static', position: { x: (left + end) / 2, y: h / 2 } });
    addShape(w, b, makeBox((end - left) / 2, h / 2));
    out.push(b);
  }
  return out;
}

/** A walker: its vertical speed, integrated as a game does (zero on the ground, gravity in the air). */
export class Walker {
  vy = 0;
  readonly state: CharacterState = {
    grounded: false,
    groundNormal: { x: 0, y: 0 },
    groundBody: null,
    sliding: false,
    translation: { x: 0, y: 0 },
  };
  private readonly move = { x: 0, y: 0 };

  constructor(
    readonly world: PhysicsWorld,
    readonly character: CharacterId,
  ) {
    getCharacterStateInto(world, character, this.state);
  }

  /** Asks for a walk at `vx` (m/s) plus gravity, or a jump at `jump` (m/s) when grounded; then steps the world. */
  step(vx: number, jump = 0): CharacterState {
    this.ask(vx, jump);
    stepPhysics(this.world, DT);
    return getCharacterStateInto(this.world, this.character, this.state);
  }

  /** The request of `step` without stepping (for worlds with several walkers). */
  ask(vx: number, jump = 0): void {
    if (this.state.grounded) this.vy = jump;
    else this.vy -= GRAVITY * DT;
    this.move.x = vx * DT;
    this.move.y = this.vy * DT;
    moveCharacter(this.world, this.character, this.move);
  }

  /** Reads the state after a step taken elsewhere. */
  read(): CharacterState {
    return getCharacterStateInto(this.world, this.character, this.state);
  }
}

/**
 * The exact gap (m) between the capsule of `character` and the nearest shape of any other body (its bodies' shapes
 * where they are); −Infinity when their cores cross. Infinity when there is nothing else. Chain segments count only
 * from their collision side (they are one-sided: behind one, the character is under the terrain, and falls).
 */
export function characterGap(w: PhysicsWorld, character: CharacterId): number {
  const p = getPhysics(w);
  const cs = p.characters;
  const row = cs.rowOf[character & p.indexMask];
  const eid = cs.body[row];
  const t = p.bodies.transform;
  const ux = cs.upX[row];
  const uy = cs.upY[row];
  const h = cs.halfHeight[row];
  const mover = Float64Array.of(
    t.x[eid] - ux * h,
    t.y[eid] - uy * h,
    t.x[eid] + ux * h,
    t.y[eid] + uy * h,
    cs.radius[row],
  );
  const a = createCore();
  const b = createCore();
  const dist = new Float64Array(DISTANCE_OUTPUT_SIZE);
  loadMoverCore(mover, a);
  let best = Infinity;
  const s = p.shapes;
  for (let r = 0; r < s.capacityUsed; r++) {
    if (s.alive[r] !== 1 || s.body[r] === eid || s.sensor[r] === 1) continue;
    const e = s.body[r];
    loadCore(s.geometry, r, Float64Array.of(t.x[e], t.y[e], t.c[e], t.s[e]), b);
    if (s.geometry.type[r] === ShapeType.chainSegment && !inFrontOfChainSegment(a, b)) continue;
    coreDistance(a, b, dist);
    const gap = dist[D_DISTANCE] === 0 ? -Infinity : dist[D_DISTANCE] - a[CORE_RADIUS] - b[CORE_RADIUS];
    if (gap < best) best = gap;
  }
  return best;
}
