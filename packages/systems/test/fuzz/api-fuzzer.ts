// Seeded API-sequence fuzzer: random valid and invalid calls between steps, invariants checked after every step.
// Used by the suite (a few hundred small worlds) and by the fuzz CLI (packages/systems/test/fuzz/cli.ts).
import * as core from '@impulse2d/core';
import {
  BodyFlag,
  PhysicsError,
  createPhysicsWorld,
  getPhysics,
  getQuarantineEvents,
  validateWorld,
  type PhysicsWorld,
  type ShapeGeometry,
  type ShapeDefInput,
  type BodyId,
  type ShapeId,
  type JointId,
} from '@impulse2d/core/internal';
import { stepPhysics } from '@impulse2d/systems';
import { checkPairInvariant } from '../helpers/pair-invariant.js';

/** Deterministic PRNG (mulberry32): the same seed gives the same world on every machine. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
  /** A size spread over three decades (m), mostly ordinary. */
  size(): number {
    const r = this.next();
    if (r < 0.1) return this.range(0.02, 0.1);
    if (r < 0.9) return this.range(0.1, 2);
    return this.range(2, 15);
  }
}

/** The seed of world `index` of a run seeded `seed` (each world reproducible on its own). */
export function worldSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  return Math.imul(h, 0x27d4eb2d) >>> 0;
}

export interface FuzzConfig {
  /** Steps per world. */
  steps: number;
  /** Most API calls between two steps. */
  callsPerStep: number;
  /** Most live bodies (creation stops there). */
  maxBodies: number;
  /**
   * When false, a quarantined body (its state diverged or became non-finite and the step froze it) is counted in
   * FuzzResult.quarantined and the world steps on (checking that the containment held); when true it fails the world.
   */
  quarantineIsFailure?: boolean;
}

export const DEFAULT_FUZZ_CONFIG: FuzzConfig = { steps: 60, callsPerStep: 4, maxBodies: 40 };

/** Bodies quarantined in a world that stepped on (quarantineIsFailure false). */
export interface FuzzQuarantine {
  seed: number;
  world: number;
  step: number;
  bodies: number[];
}

export interface FuzzFailure {
  seed: number;
  world: number;
  step: number;
  message: string;
  /** Every call made in this world, in order (the last ones led to the failure). */
  log: string[];
}

const fmt = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x));

/** One fuzzed world. Returns null when every invariant held for every step. */
export function fuzzWorld(
  seed: number,
  index: number,
  config: FuzzConfig = DEFAULT_FUZZ_CONFIG,
  /** Replaces stepPhysics (a debugging hook: step stage by stage to see where a failure starts). */
  step: (w: PhysicsWorld, dt: number, index: number) => void = (w, dt) => stepPhysics(w, dt),
  quarantines: FuzzQuarantine[] = [],
): FuzzFailure | null {
  const rng = new Rng(worldSeed(seed, index));
  const log: string[] = [];
  const classic = rng.chance(0.2);
  const worldDef = {
    solver: classic ? ('classic' as const) : ('soft' as const),
    gravity: { x: rng.chance(0.2) ? rng.range(-5, 5) : 0, y: rng.chance(0.1) ? rng.range(-30, 5) : -10 },
    subSteps: rng.pick([1, 2, 4, 4, 8]),
    enableSleep: rng.chance(0.8),
    enableContinuous: rng.chance(0.9),
  };
  log.push(`createPhysicsWorld(${fmt(worldDef)})`);
  const w = createPhysicsWorld(worldDef);
  const f = new Fuzzer(w, rng, config);
  let k = 0;
  try {
    f.seedScene(log);
    for (k = 0; k < config.steps; k++) {
      const calls = rng.int(config.callsPerStep + 1);
      for (let c = 0; c < calls; c++) f.randomCall(log);
      const dt = rng.chance(0.05) ? rng.pick([0, 1 / 30, 1 / 240]) : 1 / 60;
      log.push(`stepPhysics(w, ${dt})`);
      step(w, dt, k);
      const q = getQuarantineEvents(w);
      if (q.length > 0 && config.quarantineIsFailure !== true) {
        quarantines.push({ seed, world: index, step: k, bodies: q });
        log.push(`  quarantined: ${q.join(', ')}`);
      }
      const message = checkInvariants(w, dt > 0, config.quarantineIsFailure !== true);
      if (message !== null) return { seed, world: index, step: k, message, log };
    }
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
    return { seed, world: index, step: k, message: `unexpected throw: ${message}`, log };
  }
  return null;
}

/**
 * Finite state, speeds within the world's limit (after a step that integrated: a step of dt = 0 only updates
 * contacts, so a velocity set by a call just before stays until the next real step clamps it), no quarantine, and
 * validateWorld, and the broadphase's pair invariant (helpers/pair-invariant.ts); null when all hold.
 */
export function checkInvariants(w: PhysicsWorld, checkSpeed = true, allowQuarantine = false): string | null {
  const p = getPhysics(w);
  const q = getQuarantineEvents(w);
  if (q.length > 0 && !allowQuarantine) return `bodies quarantined (non-finite state): ${q.length} (${q.join(', ')})`;
  const b = p.bodies;
  const t = b.transform;
  const limit = p.maxLinearSpeed * (1 + 1e-9);
  for (let k = 0; k < b.count; k++) {
    const e = b.list[k];
    const v = [t.x[e], t.y[e], t.c[e], t.s[e], b.vx[e], b.vy[e], b.w[e]];
    if (!v.every(Number.isFinite)) return `body ${e} non-finite: ${v.join(', ')}`;
    const speed = Math.sqrt(b.vx[e] * b.vx[e] + b.vy[e] * b.vy[e]);
    // A quarantined body is outside the solver: a setter's velocity stays on it, unused and unclamped.
    if (checkSpeed && speed > limit && (b.flags[e] & BodyFlag.quarantined) === 0) {
      const what = `type ${b.type[e]}, flags ${b.flags[e]}, solver index ${p.solverData.indexOf[e]}`;
      return `body ${e} run-away: ${speed} m/s > maxLinearSpeed ${p.maxLinearSpeed} (${what})`;
    }
  }
  try {
    validateWorld(w);
  } catch (error) {
    return `validateWorld: ${(error as Error).message}`;
  }
  return checkPairInvariant(w);
}

class Fuzzer {
  // What the creators returned (call() hands results back untyped: they are the handles).
  private readonly bodies: BodyId[] = [];
  private readonly shapes: ShapeId[] = [];
  private readonly joints: JointId[] = [];
  private readonly dead: BodyId[] = [];
  constructor(
    private readonly w: PhysicsWorld,
    private readonly rng: Rng,
    private readonly config: FuzzConfig,
  ) {}

  /** Ground and a few bodies, so early steps already have contacts. */
  seedScene(log: string[]): void {
    const g = this.call(log, 'createBody', { type: 'static', position: { x: 0, y: -1 } });
    if (typeof g === 'number') {
      this.bodies.push(g as BodyId);
      this.addShapeTo(log, g as BodyId, { kind: 'box', hx: 40, hy: 1 });
    }
    const n = 2 + this.rng.int(8);
    for (let i = 0; i < n; i++) this.createBody(log);
  }

  randomCall(log: string[]): void {
    const r = this.rng.next();
    if (r < 0.08) return this.invalidCall(log);
    const actions: Array<[number, () => void]> = [
      [6, () => this.createBody(log)],
      [2, () => this.addRandomShape(log)],
      [1, () => this.addChainBody(log)],
      [4, () => this.createJoint(log)],
      [2, () => this.destroySomething(log)],
      [4, () => this.pushBody(log)],
      [2, () => this.changeBody(log)],
      [1, () => this.changeShape(log)],
      [1, () => this.changeJoint(log)],
      [0.3, () => this.changeSettings(log)],
      [1, () => this.contactFeatures(log)],
    ];
    let total = 0;
    for (const [weight] of actions) total += weight;
    let x = this.rng.next() * total;
    for (const [weight, act] of actions) {
      x -= weight;
      if (x <= 0) return act();
    }
  }

  // ---- helpers ------------------------------------------------------------------------------------------------

  /** Runs one API call by name with logged arguments; a PhysicsError is a refusal (returned), anything else throws. */
  private call(log: string[], name: string, ...args: unknown[]): unknown {
    log.push(`${name}(w, ${args.map(fmt).join(', ')})`);
    const fn = (core as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
    try {
      return fn(this.w, ...args);
    } catch (error) {
      if (error instanceof PhysicsError) {
        log.push(`  -> ${error.code}`);
        return error;
      }
      throw error;
    }
  }

  /** As call, with a hand-written log line (for arguments too long to log in full). */
  private callQuiet(log: string[], line: string, run: () => unknown): unknown {
    log.push(line);
    try {
      return run();
    } catch (error) {
      if (error instanceof PhysicsError) {
        log.push(`  -> ${error.code}`);
        return error;
      }
      throw error;
    }
  }

  private anyBody(): BodyId | undefined {
    return this.bodies.length > 0 ? this.rng.pick(this.bodies) : undefined;
  }

  private point(spread = 20): { x: number; y: number } {
    return { x: this.rng.range(-spread, spread), y: this.rng.range(0, spread) };
  }

  private randomGeometry(): Record<string, unknown> {
    const rng = this.rng;
    const kind = rng.pick(['circle', 'capsule', 'box', 'roundedBox', 'polygon', 'segment', 'offsetCircle']);
    const s = rng.size();
    switch (kind) {
      case 'circle':
        return { kind, r: s };
      case 'offsetCircle':
        return { kind, r: s, c: { x: rng.range(-s, s), y: rng.range(-s, s) } };
      case 'capsule':
        return { kind, l: s, r: s * rng.range(0.05, 1) };
      case 'box':
        return { kind, hx: s, hy: s * rng.range(0.05, 3), a: rng.chance(0.3) ? rng.range(-3, 3) : 0 };
      case 'roundedBox':
        return { kind, hx: s, hy: s * rng.range(0.1, 2), r: s * rng.range(0.01, 0.5) };
      case 'polygon': {
        const n = 3 + rng.int(6);
        const pts = [];
        for (let i = 0; i < n; i++) pts.push({ x: rng.range(-s, s), y: rng.range(-s, s) });
        return { kind, pts, r: rng.chance(0.3) ? s * rng.range(0, 0.2) : 0 };
      }
      default:
        return { kind, a: { x: -s, y: rng.range(-s, s) }, b: { x: s, y: rng.range(-s, s) } };
    }
  }

  private makeGeometry(g: Record<string, unknown>): ShapeGeometry {
    type P = { x: number; y: number };
    switch (g.kind) {
      case 'circle':
        return core.makeCircle(g.r as number);
      case 'offsetCircle':
        return core.makeCircle(g.r as number, g.c as P);
      case 'capsule':
        return core.makeCapsule({ x: 0, y: -(g.l as number) }, { x: 0, y: g.l as number }, g.r as number);
      case 'box':
        return core.makeBox(g.hx as number, g.hy as number, undefined, (g.a as number | undefined) ?? 0);
      case 'roundedBox':
        return core.makeRoundedBox(g.hx as number, g.hy as number, g.r as number);
      case 'polygon':
        return core.makePolygon(g.pts as P[], g.r as number);
      default:
        return core.makeSegment(g.a as P, g.b as P);
    }
  }

  private shapeDef(): ShapeDefInput {
    const rng = this.rng;
    const def: ShapeDefInput = {
      density: rng.chance(0.1) ? rng.pick([0, 0.01, 1000]) : rng.range(0.2, 5),
      friction: rng.range(0, 1),
      restitution: rng.chance(0.2) ? rng.range(0, 1) : 0,
      isSensor: rng.chance(0.08),
    };
    if (rng.chance(0.1)) def.filter = { groupIndex: rng.int(5) - 2, categoryBits: 1 << rng.int(4), maskBits: 0xffff };
    return def;
  }

  /** Adds a shape (geometry described by `g`, built through the public makers; a refusal is logged). */
  private addShapeTo(log: string[], body: BodyId, g: Record<string, unknown>, def?: ShapeDefInput): void {
    log.push(`make ${fmt(g)}`);
    let geometry: ShapeGeometry;
    try {
      geometry = this.makeGeometry(g);
    } catch (error) {
      if (error instanceof PhysicsError) {
        log.push(`  -> ${error.code}`);
        return;
      }
      throw error;
    }
    const shape = this.callQuiet(log, `addShape(w, ${body}, <that geometry>, ${fmt(def ?? {})})`, () =>
      core.addShape(this.w, body, geometry, def ?? {}),
    );
    if (typeof shape === 'number') this.shapes.push(shape as ShapeId);
  }

  // ---- valid calls --------------------------------------------------------------------------------------------

  private createBody(log: string[]): void {
    if (this.bodies.length >= this.config.maxBodies) return;
    const rng = this.rng;
    const def = {
      type: rng.pick(['dynamic', 'dynamic', 'dynamic', 'dynamic', 'kinematic', 'static']),
      position: this.point(),
      angle: rng.range(-4, 4),
      linearVelocity: rng.chance(0.3) ? { x: rng.range(-30, 30), y: rng.range(-30, 30) } : { x: 0, y: 0 },
      angularVelocity: rng.chance(0.2) ? rng.range(-20, 20) : 0,
      isBullet: rng.chance(0.1),
      fixedRotation: rng.chance(0.1),
      linearDamping: rng.chance(0.2) ? rng.range(0, 5) : 0,
      angularDamping: rng.chance(0.2) ? rng.range(0, 5) : 0,
      gravityScale: rng.chance(0.1) ? rng.range(-1, 3) : 1,
      enableSleep: rng.chance(0.9),
      isAwake: rng.chance(0.9),
    };
    const created = this.call(log, 'createBody', def);
    if (typeof created !== 'number') return;
    const b = created as BodyId;
    this.bodies.push(b);
    const n = rng.chance(0.1) ? 0 : 1 + (rng.chance(0.2) ? rng.int(3) : 0);
    for (let i = 0; i < n; i++) this.addShapeTo(log, b, this.randomGeometry(), this.shapeDef());
  }

  private addRandomShape(log: string[]): void {
    const b = this.anyBody();
    if (b !== undefined) this.addShapeTo(log, b, this.randomGeometry(), this.shapeDef());
  }

  private addChainBody(log: string[]): void {
    const rng = this.rng;
    const type = rng.pick(['static', 'static', 'kinematic', 'dynamic']);
    const created = this.call(log, 'createBody', { type, position: this.point(10) });
    if (typeof created !== 'number') return;
    const b = created as BodyId;
    this.bodies.push(b);
    const n = 4 + rng.int(8);
    const pts = [];
    let x = -rng.range(2, 15);
    for (let i = 0; i < n; i++) {
      pts.push({ x, y: rng.range(-2, 2) });
      x += rng.range(0.3, 4);
    }
    const loop = rng.chance(0.3);
    log.push(`makeChain(${fmt(pts)}, ${loop})`);
    let chain;
    try {
      chain = core.makeChain(pts, loop);
    } catch (error) {
      if (error instanceof PhysicsError) return void log.push(`  -> ${error.code}`);
      throw error;
    }
    const friction = rng.range(0, 1);
    const shapes = this.callQuiet(log, `addChain(w, ${b}, <that chain>, ${fmt({ friction })})`, () =>
      core.addChain(this.w, b, chain, { friction }),
    );
    if (Array.isArray(shapes)) this.shapes.push(...(shapes as ShapeId[]));
  }

  private createJoint(log: string[]): void {
    if (this.bodies.length < 2) return;
    const rng = this.rng;
    const bodyA = rng.pick(this.bodies);
    let bodyB = rng.pick(this.bodies);
    if (bodyB === bodyA) bodyB = rng.pick(this.bodies);
    const pos = core.getPosition(this.w, bodyB);
    const anchor = { x: pos.x + rng.range(-1, 1), y: pos.y + rng.range(-1, 1) };
    const base = { bodyA, bodyB, collideConnected: rng.chance(0.2) };
    const kind = rng.pick(['distance', 'revolute', 'prismatic', 'weld', 'wheel', 'mouse', 'motor', 'pulley']);
    const limit = rng.chance(0.3);
    const motor = rng.chance(0.3);
    const spring = rng.chance(0.3);
    let j: unknown;
    switch (kind) {
      case 'distance':
        j = this.call(log, 'createDistanceJoint', {
          ...base,
          ...(rng.chance(0.3) ? { maxLength: rng.range(0.5, 5) } : {}),
          enableMotor: motor,
          maxMotorForce: rng.range(0, 500),
          motorSpeed: rng.range(-5, 5),
        });
        break;
      case 'revolute':
        j = this.call(log, 'createRevoluteJoint', {
          ...base,
          anchor,
          enableLimit: limit,
          lowerAngle: -rng.range(0, 2),
          upperAngle: rng.range(0, 2),
          enableMotor: motor,
          motorSpeed: rng.range(-10, 10),
          maxMotorTorque: rng.range(0, 1000),
          enableSpring: spring,
          hertz: rng.range(0, 10),
          dampingRatio: rng.range(0, 2),
        });
        break;
      case 'prismatic':
      case 'wheel': {
        const a = rng.range(-3, 3);
        j = this.call(log, kind === 'wheel' ? 'createWheelJoint' : 'createPrismaticJoint', {
          ...base,
          anchor,
          localAxisA: { x: Math.cos(a), y: Math.sin(a) },
          enableLimit: limit,
          lowerTranslation: -rng.range(0, 3),
          upperTranslation: rng.range(0, 3),
          enableMotor: motor,
          motorSpeed: rng.range(-5, 5),
          ...(kind === 'wheel' ? { maxMotorTorque: rng.range(0, 500) } : { maxMotorForce: rng.range(0, 500) }),
          enableSpring: spring,
          hertz: rng.range(0, 10),
          dampingRatio: rng.range(0, 2),
        });
        break;
      }
      case 'weld':
        j = this.call(log, 'createWeldJoint', {
          ...base,
          anchor,
          linearHertz: rng.chance(0.5) ? 0 : rng.range(0, 20),
          angularHertz: rng.chance(0.5) ? 0 : rng.range(0, 20),
        });
        break;
      case 'mouse':
        j = this.call(log, 'createMouseJoint', {
          ...base,
          target: anchor,
          maxForce: rng.range(1, 5000),
          hertz: rng.range(1, 10),
          dampingRatio: rng.range(0, 2),
        });
        break;
      case 'motor':
        j = this.call(log, 'createMotorJoint', {
          ...base,
          linearOffset: { x: rng.range(-2, 2), y: rng.range(-2, 2) },
          angularOffset: rng.range(-3, 3),
          maxForce: rng.range(0, 1000),
          maxTorque: rng.range(0, 1000),
          correctionFactor: rng.range(0, 1),
        });
        break;
      default: {
        const pa = core.getPosition(this.w, bodyA);
        j = this.call(log, 'createPulleyJoint', {
          ...base,
          localAnchorA: { x: 0, y: 0 },
          localAnchorB: { x: 0, y: 0 },
          groundAnchorA: { x: pa.x, y: pa.y + rng.range(1, 5) },
          groundAnchorB: { x: pos.x, y: pos.y + rng.range(1, 5) },
          ratio: rng.range(0.5, 2),
        });
      }
    }
    if (typeof j === 'number') this.joints.push(j as JointId);
  }

  private destroySomething(log: string[]): void {
    const rng = this.rng;
    const r = rng.next();
    if (r < 0.4 && this.bodies.length > 1) {
      const i = 1 + rng.int(this.bodies.length - 1); // keep the ground
      const b = this.bodies[i];
      this.call(log, 'destroyBody', b);
      this.bodies.splice(i, 1);
      this.dead.push(b);
    } else if (r < 0.7 && this.shapes.length > 0) {
      const i = rng.int(this.shapes.length);
      this.call(log, 'destroyShape', this.shapes[i]);
      this.shapes.splice(i, 1);
    } else if (this.joints.length > 0) {
      const i = rng.int(this.joints.length);
      this.call(log, 'destroyJoint', this.joints[i]);
      this.joints.splice(i, 1);
    }
  }

  private pushBody(log: string[]): void {
    const b = this.anyBody();
    if (b === undefined) return;
    const rng = this.rng;
    const big = rng.chance(0.1) ? 100 : 1;
    const v = { x: rng.range(-20, 20) * big, y: rng.range(-20, 20) * big };
    switch (rng.int(6)) {
      case 0:
        this.call(log, 'setLinearVelocity', b, v);
        break;
      case 1:
        this.call(log, 'setAngularVelocity', b, rng.range(-30, 30) * big);
        break;
      case 2:
        this.call(log, 'applyForce', b, { x: v.x * 100, y: v.y * 100 }, this.point());
        break;
      case 3:
        this.call(log, 'applyLinearImpulse', b, v, this.point());
        break;
      case 4:
        this.call(log, 'applyTorque', b, rng.range(-1000, 1000) * big);
        break;
      default:
        this.call(log, 'applyAngularImpulse', b, rng.range(-50, 50) * big);
    }
  }

  private changeBody(log: string[]): void {
    const b = this.anyBody();
    if (b === undefined) return;
    const rng = this.rng;
    switch (rng.int(9)) {
      case 0:
        this.call(log, 'setBodyType', b, rng.pick(['static', 'kinematic', 'dynamic']));
        break;
      case 1:
        this.call(log, 'setAwake', b, rng.chance(0.5));
        break;
      case 2:
        this.call(log, 'setTransform', b, this.point(), rng.range(-4, 4));
        break;
      case 3:
        this.call(log, 'setBullet', b, rng.chance(0.5));
        break;
      case 4:
        this.call(log, 'setFixedRotation', b, rng.chance(0.5));
        break;
      case 5:
        this.call(log, 'setGravityScale', b, rng.range(-2, 3));
        break;
      case 6:
        this.call(log, 'setSleepEnabled', b, rng.chance(0.5));
        break;
      case 7:
        this.call(log, 'setLinearDamping', b, rng.range(0, 10));
        break;
      default:
        this.call(log, 'setAngularDamping', b, rng.range(0, 10));
    }
  }

  private changeShape(log: string[]): void {
    if (this.shapes.length === 0) return;
    const rng = this.rng;
    const s = rng.pick(this.shapes);
    switch (rng.int(4)) {
      case 0:
        this.call(log, 'setFriction', s, rng.range(0, 2));
        break;
      case 1:
        this.call(log, 'setRestitution', s, rng.range(0, 1));
        break;
      case 2:
        this.call(log, 'setDensity', s, rng.range(0, 20));
        break;
      default:
        this.call(log, 'setShapeFilter', s, { groupIndex: rng.int(5) - 2, maskBits: rng.chance(0.5) ? 0xffff : 1 });
    }
  }

  private changeJoint(log: string[]): void {
    if (this.joints.length === 0) return;
    const rng = this.rng;
    const j = rng.pick(this.joints);
    switch (rng.int(6)) {
      case 0:
        this.call(log, 'setJointMotorSpeed', j, rng.range(-20, 20));
        break;
      case 1:
        this.call(log, 'enableJointLimit', j, rng.chance(0.5));
        break;
      case 2:
        this.call(log, 'setJointLimits', j, -rng.range(0, 2), rng.range(0, 2));
        break;
      case 3:
        this.call(log, 'enableJointMotor', j, rng.chance(0.5));
        break;
      case 4:
        this.call(log, 'setMouseJointTarget', j, this.point());
        break;
      default:
        this.call(log, 'setJointSpring', j, rng.range(0, 20), rng.range(0, 2));
    }
  }

  /** One-way shapes, sensors switched, moving platforms, explosions, wind, the pre-solve callback, contact state. */
  private contactFeatures(log: string[]): void {
    const rng = this.rng;
    // With nothing alive, numbers that name nothing (refused: the call is logged with its error).
    const s = this.shapes.length > 0 ? rng.pick(this.shapes) : (0 as ShapeId);
    const b = this.anyBody() ?? (0 as BodyId);
    switch (rng.int(8)) {
      case 0:
        this.call(log, 'setShapeOneWay', s, rng.chance(0.3) ? null : { x: rng.range(-1, 1), y: rng.range(0.1, 1) });
        break;
      case 1:
        // Refused for a shape that is not a sensor.
        this.call(log, 'setSensorEnabled', s, rng.chance(0.5));
        break;
      case 2:
        // Refused unless the body is kinematic.
        this.call(log, 'setTargetTransform', b, this.point(), rng.range(-4, 4), 1 / 60);
        break;
      case 3:
        this.call(log, 'explode', {
          position: this.point(),
          radius: rng.range(0, 5),
          falloff: rng.range(0, 5),
          impulsePerLength: rng.range(-50, 200),
          maskBits: rng.chance(0.8) ? 0xffffffff : 1,
        });
        break;
      case 4:
        this.call(
          log,
          'applyWind',
          s,
          { x: rng.range(-60, 60), y: rng.range(-60, 60) },
          rng.range(0, 2),
          rng.range(-2, 2),
        );
        break;
      case 5: {
        // A callback that depends on its arguments only (vetoes about a third of the contacts), or none.
        const veto = rng.int(3);
        log.push(`setPreSolve(w, ${veto === 0 ? 'null' : `(a, b) => (a + b) % 3 !== ${veto}`})`);
        core.setPreSolve(this.w, veto === 0 ? null : (a, c) => (a + c) % 3 !== veto);
        break;
      }
      case 6:
        this.call(log, 'getBodyContacts', b);
        break;
      default:
        // Refused for a shape that is not a sensor.
        this.call(log, 'getSensorOverlaps', s);
    }
  }

  private changeSettings(log: string[]): void {
    const rng = this.rng;
    const settings = rng.pick<Record<string, unknown>>([
      { gravity: { x: rng.range(-10, 10), y: rng.range(-30, 10) } },
      { solver: rng.pick(['soft', 'classic']) },
      { subSteps: 1 + rng.int(8) },
      { contactHertz: rng.range(5, 120) },
      { jointHertz: rng.range(5, 120) },
      { enableSleep: rng.chance(0.5) },
      { enableContinuous: rng.chance(0.5) },
      { enableWarmStarting: rng.chance(0.8) },
      { maxLinearSpeed: rng.range(10, 400) },
    ]);
    this.call(log, 'setWorldSettings', settings);
  }

  // ---- invalid calls: each must be refused with a PhysicsError and leave the world steppable -------------------

  private invalidCall(log: string[]): void {
    const rng = this.rng;
    const b = this.anyBody() ?? (0 as BodyId); // with no body, a number that names none: refused too
    // A destroyed body's entity id may have been recycled by a newer body: only ids not live now count as gone.
    const alive = getPhysics(this.w).bodies.alive;
    const dead = this.dead.filter((e) => alive[e] !== 1);
    const gone = dead.length > 0 ? rng.pick(dead) : (999_999 as BodyId); // never a handle, on purpose
    const bad = rng.pick([NaN, Infinity, -Infinity]);
    const attempts: Array<() => unknown> = [
      () => core.createBody(this.w, { position: { x: bad, y: 0 } }),
      () => core.createBody(this.w, { type: 'wobbly' as never }),
      () => core.setLinearVelocity(this.w, b, { x: bad, y: 0 }),
      () => core.setAngularVelocity(this.w, b, bad),
      () => core.applyForce(this.w, b, { x: 0, y: bad }),
      () => core.applyLinearImpulse(this.w, gone, { x: 1, y: 0 }),
      () => core.setTransform(this.w, b, { x: 0, y: 0 }, bad),
      () => core.destroyBody(this.w, gone),
      () => core.addShape(this.w, b, core.makeCircle(-1)),
      () =>
        core.makePolygon([
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 2, y: 0 },
        ]),
      () => core.addShape(this.w, gone, core.makeCircle(1)),
      () => core.createRevoluteJoint(this.w, { bodyA: b, bodyB: gone }),
      () => core.createDistanceJoint(this.w, { bodyA: b, bodyB: b, length: -1 }),
      () => core.setWorldSettings(this.w, { subSteps: 0 }),
      () => core.setWorldSettings(this.w, { gravity: { x: bad, y: 0 } }),
      () => core.setGravityScale(this.w, b, bad),
      () => core.setFriction(this.w, 123_456_789 as ShapeId, 0.5), // not a handle, on purpose
      () => stepPhysics(this.w, bad),
      () => stepPhysics(this.w, -1),
    ];
    const i = rng.int(attempts.length);
    log.push(`invalid call #${i} (body ${b}, gone ${gone}, value ${bad})`);
    try {
      attempts[i]();
    } catch (error) {
      if (error instanceof PhysicsError) return void log.push(`  -> ${error.code}`);
      throw error;
    }
    throw new Error(`invalid call #${i} was accepted`);
  }
}

export interface FuzzSummary {
  worlds: number;
  steps: number;
  failures: FuzzFailure[];
  quarantines: FuzzQuarantine[];
}

/** Runs `worlds` worlds starting at index `first`; stops collecting logs after `maxFailures` failures. */
export function runFuzz(
  seed: number,
  worlds: number,
  config: FuzzConfig = DEFAULT_FUZZ_CONFIG,
  first = 0,
  onFailure?: (f: FuzzFailure) => void,
): FuzzSummary {
  const failures: FuzzFailure[] = [];
  const quarantines: FuzzQuarantine[] = [];
  let steps = 0;
  for (let i = first; i < first + worlds; i++) {
    const failure = fuzzWorld(seed, i, config, undefined, quarantines);
    if (failure === null) {
      steps += config.steps;
    } else {
      steps += failure.step + 1;
      failures.push(failure);
      onFailure?.(failure);
    }
  }
  return { worlds, steps, failures, quarantines };
}

/** A failure as text: what broke, where, and the calls that led there (the last `tail` of them). */
export function formatFailure(f: FuzzFailure, tail = 60): string {
  const calls = f.log.slice(-tail);
  return [
    `FAIL seed ${f.seed} world ${f.world} step ${f.step}: ${f.message}`,
    `reproduce: fuzzWorld(${f.seed}, ${f.world}) (packages/systems/test/fuzz/api-fuzzer.ts), or`,
    `  pnpm fuzz --seed ${f.seed} --first ${f.world} --worlds 1 --verbose`,
    `last ${calls.length} of ${f.log.length} calls:`,
    ...calls.map((c) => `  ${c}`),
  ].join('\n');
}
